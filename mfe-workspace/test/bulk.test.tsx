import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, currentLocation, renderAt, signInAs } from './helpers';

const moveType = {
  id: 'tm',
  name: 'Move',
  kind: 'move',
  builtIn: true,
  fromStatuses: ['in_stock'],
  toStatus: null,
  defaultFromLocationId: null,
  defaultToLocationId: null,
  customerRequired: false,
  printLabel: false,
  active: true,
  createdAt: '',
};
const location = (id: string, name: string) => ({
  id,
  name,
  kind: 'store',
  parentId: null,
  active: true,
  createdAt: '',
});
const a = { ...baseItem, id: 'a', serial: 'SN-A' };
const b = { ...baseItem, id: 'b', serial: 'SN-B' };
const c = { ...baseItem, id: 'c', serial: 'SN-C' };

function api(
  transaction: (body: { serials: string[] }) => { status: number; data: unknown },
  permissions = ['items.view', 'items.process', 'items.edit'],
) {
  return mockApi((config) => {
    switch (config.url) {
      case '/api/access':
        return accessAnswer(permissions);
      case '/api/items':
        return { status: 200, data: { items: [a, b, c], nextCursor: null } };
      case '/api/item-types':
        return { status: 200, data: { items: [], total: 0 } };
      case '/api/locations':
        return { status: 200, data: { items: [location('l1', 'Main store'), location('l2', 'Airport')], total: 2 } };
      case '/api/statuses':
        return { status: 200, data: { items: [], total: 0 } };
      case '/api/transaction-types':
        return { status: 200, data: { items: [moveType], total: 1 } };
      case '/api/transactions':
        return transaction(JSON.parse(config.data as string) as { serials: string[] });
      default:
        return { status: 404, data: { message: 'unexpected' } };
    }
  });
}

jest.setTimeout(60_000);

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

describe('bulk actions from the item manager', () => {
  it('moves the ticked rows through Change Location, all or nothing, showing the API’s refusal naming the serial', async () => {
    let refuse = true;
    const calls = api((body) =>
      refuse
        ? {
            status: 409,
            data: { message: 'SN-B: in transit items cannot be moved. Nothing was changed.', code: 'ITEMS_REFUSED' },
          }
        : { status: 201, data: { events: body.serials.map((serial) => ({ serial })) } },
    );
    renderAt('/item-status/item-manager');
    await screen.findByRole('link', { name: 'Open the history of SN-A' }, { timeout: 10_000 });
    await userEvent.click(screen.getAllByRole('checkbox', { name: /select row/i })[0]!);
    await userEvent.click(screen.getAllByRole('checkbox', { name: /select row/i })[1]!);
    const bar = screen.getByRole('region', { name: 'Selected items' });
    expect(within(bar).getByText('2 items selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Move…' }));

    await waitFor(() => expect(currentLocation()).toBe('/actions/change-location'));
    expect(await screen.findByText('2 items from your selection are ready below.')).toBeInTheDocument();
    const scanned = screen.getByRole('region', { name: /Scanned/ });
    expect(within(scanned).getByText('SN-A')).toBeInTheDocument();
    expect(within(scanned).getByText('SN-B')).toBeInTheDocument();
    expect(within(scanned).queryByText('SN-C')).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Destination/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Airport' }));
    await userEvent.click(screen.getByRole('button', { name: /^Move 2 items/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SN-B: in transit items cannot be moved. Nothing was changed.',
    );
    // Nothing moved: both are still there to fix and retry.
    expect(within(scanned).getByText('SN-A')).toBeInTheDocument();

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: /^Move 2 items/ }));
    expect(await screen.findByText('Moved 2 items to Airport.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/transactions').map((call) => call.body)).toEqual([
      { transactionTypeId: 'tm', serials: ['SN-A', 'SN-B'], toLocationId: 'l2' },
      { transactionTypeId: 'tm', serials: ['SN-A', 'SN-B'], toLocationId: 'l2' },
    ]);
  });

  it('offers labels for the ticked rows, and selling hands them to Multi-Sale’s cart', async () => {
    signInAs(ROLES.companyOwner);
    api(() => ({ status: 500, data: {} }), ['items.view', 'items.process', 'items.sell']);
    renderAt('/item-status/item-manager');
    await screen.findByRole('link', { name: 'Open the history of SN-C' }, { timeout: 10_000 });
    await userEvent.click(screen.getAllByRole('checkbox', { name: /select row/i })[2]!);
    const bar = screen.getByRole('region', { name: 'Selected items' });
    expect(within(bar).getByRole('button', { name: 'Print label' })).toBeEnabled();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sell…' }));
    await waitFor(() => expect(currentLocation()).toBe('/actions/multi-sale'));
    expect(await screen.findByText('1 item from your selection is ready below.')).toBeInTheDocument();
    expect(screen.getByText('SN-C')).toBeInTheDocument();
  });

  it('does not offer to sell when GET /api/access does not grant items.sell (the API refuses anyway)', async () => {
    api(() => ({ status: 500, data: {} }));
    renderAt('/item-status/item-manager');
    await screen.findByRole('link', { name: 'Open the history of SN-A' }, { timeout: 10_000 });
    await userEvent.click(screen.getAllByRole('checkbox', { name: /select row/i })[0]!);
    const bar = screen.getByRole('region', { name: 'Selected items' });
    expect(within(bar).getByRole('button', { name: 'Sell…' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'Move…' })).toBeEnabled();
  });
});
