import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, currentLocation, renderAt, signInAs } from './helpers';

const items = Array.from({ length: 12 }, (_, n) => ({
  ...baseItem,
  id: `i${n}`,
  serial: `SN-${String(n + 1).padStart(4, '0')}`,
}));

function api(all = items) {
  return mockApi((config) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, string | number | undefined>;
    if (url === '/api/items') seenParams.push(params);
    if (url === '/api/items') {
      const start = params.cursor ? Number(params.cursor) : 0;
      const limit = Number(params.limit);
      const page = all.filter((item) => !params.status || item.status === params.status).slice(start, start + limit);
      const more = start + limit < all.length;
      return { status: 200, data: { items: page, nextCursor: more ? String(start + limit) : null } };
    }
    if (url === '/api/locations' || url === '/api/item-types' || url === '/api/statuses')
      return { status: 200, data: { items: [], total: 0 } };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

const seenParams: Record<string, unknown>[] = [];

// MUI in jsdom on a shared 2-core machine: the default 5 s is too tight under load.
jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

describe('/item-status/item-manager', () => {
  it('lists a page of items, each a link to its history, and pages on with the API’s cursor', async () => {
    api();
    renderAt('/item-status/item-manager?size=10');
    const grid = await screen.findByRole('grid', { name: 'Item Manager' });
    expect(await within(grid).findByRole('link', { name: 'Open the history of SN-0001' })).toHaveAttribute(
      'href',
      '/item-status/item-search?q=SN-0001&id=i0',
    );
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(grid).findByText('SN-0011')).toBeInTheDocument();
    expect(currentLocation()).toContain('page=2');
    expect(seenParams.at(-1)).toEqual({ limit: 10, cursor: '10' });
  });

  it('keeps a status filter in the URL and asks the API for it', async () => {
    api();
    renderAt('/item-status/item-manager');
    await screen.findByRole('grid', { name: 'Item Manager' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Sold' }));
    expect(currentLocation()).toContain('status=sold');
    expect(await screen.findByText('No item matches these filters.')).toBeInTheDocument();
    expect(seenParams.at(-1)).toEqual({ status: 'sold', limit: 25 });
  });

  it('offers the way to receive the first batch when there are no items', async () => {
    signInAs(ROLES.admin);
    api([]);
    renderAt('/item-status/item-manager');
    expect(await screen.findByText('No items yet — receive your first batch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receive items' })).toHaveAttribute('href', '/actions/inventory-reception');
  });

  it('does not offer receiving to a role that may not receive', async () => {
    api([]);
    renderAt('/item-status/item-manager');
    expect(await screen.findByText('No items yet — receive your first batch')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Receive items' })).not.toBeInTheDocument();
  });

  it('a deep link to a page whose cursor is unknown starts again at the first page', async () => {
    api();
    renderAt('/item-status/item-manager?page=3&size=10');
    await screen.findByRole('grid', { name: 'Item Manager' });
    expect(await screen.findByText('SN-0001')).toBeInTheDocument();
    expect(currentLocation()).not.toContain('page=3');
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    mockApi((config) =>
      fail && config.url === '/api/items'
        ? { status: 500, data: { message: 'Server trouble' } }
        : config.url === '/api/items'
          ? { status: 200, data: { items, nextCursor: null } }
          : config.url === '/api/access'
            ? accessAnswer(['items.view', 'reports.view'])
            : { status: 200, data: { items: [], total: 0 } },
    );
    renderAt('/item-status/item-manager');
    expect(await screen.findByText('Server trouble')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('SN-0001')).toBeInTheDocument();
  });
});
