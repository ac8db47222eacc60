import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, currentLocation, renderAt, signInAs } from './helpers';

jest.setTimeout(60_000);

const sold = { ...baseItem, id: 'i2', serial: 'SN-0002', status: 'sold' };

function api(csv: () => { status: number; data: unknown } = () => ({ status: 200, data: 'Serial\nSN-0002\n' })) {
  return mockApi((config) => {
    const params = (config.params ?? {}) as Record<string, unknown>;
    if ((config.url ?? '').startsWith('/api/items?format=')) return csv();
    switch (config.url) {
      case '/api/access':
        return accessAnswer(['items.view', 'reports.view']);
      case '/api/items':
        return {
          status: 200,
          data: { items: params.status === 'sold' ? [sold] : [baseItem, sold], nextCursor: null },
        };
      case '/api/item-types':
      case '/api/locations':
      case '/api/statuses':
        return { status: 200, data: { items: [], total: 0 } };
      default:
        return { status: 404, data: { message: 'unexpected' } };
    }
  });
}

let downloads: string[] = [];
beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
  downloads = [];
  URL.createObjectURL = jest.fn(() => 'blob:items');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

describe('/reporting/item-list', () => {
  it('lists items with the filter in the address, and exports every matching item as CSV through the API', async () => {
    const calls = api();
    renderAt('/reporting/item-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Item List' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Item List' });
    expect(await within(grid).findByText('SN-0001')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Status/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Sold' }));
    await waitFor(() => expect(currentLocation()).toContain('status=sold'));
    await waitFor(() => expect(within(grid).queryByText('SN-0001')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Export all matching' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['CSV', 'Excel (.xlsx)', 'CSV for re-import']);
    // For people: the screen's language and the browser's time zone; for re-import: neither.
    const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(within(menu).getByRole('menuitem', { name: 'CSV' })).toHaveAttribute(
      'href',
      `/api/items?format=csv&lang=en&timeZone=${zone}&status=sold`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'CSV for re-import' })).toHaveAttribute(
      'href',
      '/api/items?format=raw-csv&status=sold',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(downloads).toEqual([expect.stringMatching(/^items-\d{4}-\d{2}-\d{2}\.xlsx$/)]));
    const exported = calls.find((call) => call.url.startsWith('/api/items?format=xlsx'));
    expect(exported?.auth).toMatch(/^Bearer /);
  });

  it('offers the same exports in Turkish, asking the API for Turkish words', async () => {
    api();
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/reporting/item-list');
    await userEvent.click(await screen.findByRole('button', { name: 'Uyan tümünü dışa aktar' }, { timeout: 10_000 }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['CSV', 'Excel (.xlsx)', 'Yeniden içe aktarmak için CSV']);
    expect(within(menu).getByRole('menuitem', { name: 'CSV' }).getAttribute('href')).toMatch(/[?&]lang=tr&/);
  });

  it('says why when the API refuses the export', async () => {
    api(() => ({ status: 400, data: { message: 'querystring must NOT have additional properties' } }));
    renderAt('/reporting/item-list?status=sold');
    await userEvent.click(await screen.findByRole('button', { name: 'Export all matching' }, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('querystring must NOT have additional properties');
    expect(downloads).toEqual([]);
  });
});
