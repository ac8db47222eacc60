import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { baseItem, currentLocation, renderAt, signInAs } from './helpers';

const soldItem = {
  ...baseItem,
  status: 'sold',
  customerId: 'c1',
  customerName: 'Grace Hopper',
  soldAt: '2026-02-01T09:30:00Z',
  warrantyEndsAt: '2027-02-01T09:30:00Z',
  version: 3,
};
const event = (over: Record<string, unknown>) => ({
  itemId: 'i1',
  serial: 'SN-0001',
  transactionTypeId: null,
  transactionTypeName: null,
  fromLocationId: null,
  toLocationId: 'l1',
  fromStatus: null,
  toStatus: 'in_stock',
  customerId: null,
  saleId: null,
  userId: 'u1',
  userName: 'newitem',
  note: null,
  deltas: null,
  createdAt: '2026-01-02T10:00:00Z',
  ...over,
});
const events = [
  event({ id: 'e1', version: 1, kind: 'receive', transactionTypeName: 'Receive' }),
  event({
    id: 'e2',
    version: 2,
    kind: 'edit',
    fromLocationId: 'l1',
    fromStatus: 'in_stock',
    userName: 'storekeeper',
    deltas: { model: ['X1', 'X1 Pro'], salePrice: [10, 12.5] },
    note: 'typo',
  }),
  event({
    id: 'e3',
    version: 3,
    kind: 'sell',
    transactionTypeName: 'Sell',
    fromLocationId: 'l1',
    fromStatus: 'in_stock',
    toStatus: 'sold',
    customerId: 'c1',
    saleId: 's1',
    userName: 'rapidseller',
    createdAt: '2026-02-01T09:30:00Z',
  }),
];

function api() {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/items/by-serial/SN-0001') return { status: 200, data: soldItem };
    if (url.startsWith('/api/items/by-serial/')) return { status: 404, data: { message: 'Item not found' } };
    if (url === '/api/items') {
      const search = (config.params as { search: string }).search;
      if (search === 'X1')
        return {
          status: 200,
          data: { items: [soldItem, { ...baseItem, id: 'i9', serial: 'SN-0009' }], nextCursor: null },
        };
      return { status: 200, data: { items: [], nextCursor: null } };
    }
    if (url === '/api/items/i1') return { status: 200, data: soldItem };
    if (url === '/api/items/i1/history') return { status: 200, data: { events } };
    if (url === '/api/locations')
      return {
        status: 200,
        data: {
          items: [{ id: 'l1', name: 'Main store', kind: 'store', parentId: null, active: true, createdAt: '' }],
          total: 1,
        },
      };
    if (url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

// MUI in jsdom on a shared 2-core machine: the default 5 s is too tight under load.
jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

describe('/item-status/item-search (Item History)', () => {
  it('finds a scanned serial and shows its card and its timeline, newest first, with the sale', async () => {
    api();
    renderAt('/item-status/item-search');
    const input = await screen.findByLabelText('Serial, SKU or model');
    expect(input).toHaveFocus();
    await userEvent.keyboard('SN-0001{Enter}');
    expect(await screen.findByRole('heading', { name: 'SN-0001' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/item-status/item-search?q=SN-0001');
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('Sold');
    expect(entries[0]).toHaveTextContent('In stock → Sold');
    expect(entries[0]).toHaveTextContent('Grace Hopper');
    expect(entries[0]).toHaveTextContent('by rapidseller');
    expect(entries[1]).toHaveTextContent('Model: X1 → X1 Pro');
    expect(entries[1]).toHaveTextContent('Sale price: $10.00 → $12.50');
    expect(entries[1]).toHaveTextContent('Note: typo');
    expect(entries[2]).toHaveTextContent('Received');
    expect(entries[2]).toHaveTextContent('Main store');
  });

  it('searches by model when no serial matches, and lets the user pick among several', async () => {
    api();
    renderAt('/item-status/item-search?q=X1');
    expect(await screen.findByText('Several items match “X1” — choose one:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /SN-0001/ }));
    expect(await screen.findByRole('heading', { name: 'SN-0001' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/item-status/item-search?q=X1&id=i1');
  });

  it('says when nothing matches', async () => {
    api();
    renderAt('/item-status/item-search?q=nothing');
    expect(await screen.findByText('Nothing matches “nothing”.')).toBeInTheDocument();
  });

  it('shows a failed search with Retry', async () => {
    let fail = true;
    const real = api;
    mockApi(() => (fail ? { status: 500, data: { message: 'Server trouble' } } : { status: 404, data: {} }));
    renderAt('/item-status/item-search?q=SN-0001');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server trouble');
    fail = false;
    real();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'SN-0001' })).toBeInTheDocument();
  });

  it('is forbidden to an Account Manager', async () => {
    signInAs(ROLES.accountManager);
    api();
    renderAt('/item-status/item-search');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});
