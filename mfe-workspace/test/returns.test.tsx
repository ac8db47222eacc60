import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi, type Route } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, renderAt, signInAs } from './helpers';

// Returns and scraps of one item, and a same-day sale's void, as the counter meets them.
type Item = Omit<typeof baseItem, 'customerId' | 'customerName'> & {
  customerId: string | null;
  customerName: string | null;
};
const soldItem: Item = { ...baseItem, status: 'sold', salePrice: 150, customerId: 'c1', customerName: 'Grace Hopper' };
const type = (id: string, name: string, kind: string, fromStatuses: string[], toStatus: string) => ({
  id,
  name,
  kind,
  builtIn: true,
  fromStatuses,
  toStatus,
  defaultFromLocationId: null,
  defaultToLocationId: null,
  customerRequired: false,
  printLabel: false,
  active: true,
  createdAt: '',
});
const TYPES = [
  type('t-return', 'Return', 'return', ['sold'], 'returned'),
  type('t-scrap', 'Scrap', 'scrap', ['in_stock', 'in_process', 'returned', 'defective'], 'scrapped'),
  type('t-test', 'Test', 'process', ['in_stock', 'returned', 'defective'], 'in_process'),
];
/** The dialog closed: the API said yes (the shell's notification is not part of these tests). */
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const page = (items: unknown[]) => ({ status: 200, data: { items, total: items.length } });

function api(item: Item, extra: Route = () => ({ status: 404, data: { message: 'unexpected' } })) {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/items/by-serial/SN-0001' || url === '/api/items/i1') return { status: 200, data: item };
    if (url === '/api/items/i1/history') return { status: 200, data: { events: [] } };
    if (url === '/api/transaction-types') return page(TYPES);
    if (url === '/api/locations')
      return page([
        { id: 'l1', name: 'Main store', kind: 'store', parentId: null, active: true, createdAt: '' },
        { id: 'l2', name: 'Repair bench', kind: 'other', parentId: null, active: true, createdAt: '' },
      ]);
    if (url === '/api/statuses' || url === '/api/brands') return page([]);
    if (url === '/api/transactions' && config.method === 'post') return { status: 201, data: { events: [] } };
    return extra(config);
  });
}

// MUI in jsdom on a shared 2-core machine: screens that wait on several answers need longer than 1 s.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

beforeEach(async () => {
  signInAs(ROLES.companyOwner);
  await act(() => i18n.changeLanguage('en'));
});

describe('Return from the item’s history', () => {
  it('returns a sold item with a reason, a refund prefilled with the sale price and a destination', async () => {
    const calls = api(soldItem);
    renderAt('/item-status/item-search?q=SN-0001');
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return SN-0001' });
    expect(within(dialog).getByLabelText(/Refund/)).toHaveValue('150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return the item' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Screen flickers');
    const refund = within(dialog).getByLabelText(/Refund/);
    await userEvent.clear(refund);
    await userEvent.type(refund, '150.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return the item' }));
    expect(await within(dialog).findByText('An amount such as 12.50, at most $150.00.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(refund);
    await userEvent.type(refund, '120,50');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Goes back to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In stock' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Repair bench' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return the item' }));
    await closed();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      transactionTypeId: 't-return',
      itemIds: ['i1'],
      reason: 'Screen flickers',
      refunds: [{ itemId: 'i1', refund: 120.5 }],
      toStatus: 'in_stock',
      toLocationId: 'l2',
    });
  });

  it('offers no Return to a user whose roles may not run the Return type', async () => {
    signInAs(ROLES.storekeeper);
    const calls = api(soldItem, (config) =>
      config.url === '/api/access' ? accessAnswer(['items.view', 'items.process'], ['t-test']) : { status: 404 },
    );
    renderAt('/item-status/item-search?q=SN-0001');
    expect(await screen.findByRole('heading', { name: 'SN-0001' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/transaction-types')).toBe(true));
    await screen.findByRole('button', { name: /Print/ });
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
  });
});

describe('Item Process: one item returned or scrapped', () => {
  it('a scanned sold item offers Return; an item in stock offers Scrap, with the reason the API requires', async () => {
    let item: Item = soldItem;
    const calls = mockApi((config) => {
      const url = config.url ?? '';
      if (url === '/api/items/by-serial/SN-0001') return { status: 200, data: item };
      if (url === '/api/transaction-types') return page(TYPES);
      if (url === '/api/locations' || url === '/api/statuses' || url === '/api/brands') return page([]);
      if (url === '/api/transactions') return { status: 201, data: { events: [] } };
      return { status: 404, data: { message: 'unexpected' } };
    });
    renderAt('/actions/item-process');
    const panel = await screen.findByRole('region', { name: 'Return or scrap one item' });
    await userEvent.type(within(panel).getByTestId('return-scrap-scan'), 'SN-0001{Enter}');
    expect(await within(panel).findByRole('button', { name: 'Return' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Scrap' })).not.toBeInTheDocument();

    item = baseItem;
    await userEvent.type(within(panel).getByTestId('return-scrap-scan'), 'SN-0001{Enter}');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Scrap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scrap SN-0001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scrap the item' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Water damage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scrap the item' }));
    await closed();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      transactionTypeId: 't-scrap',
      itemIds: ['i1'],
      reason: 'Water damage',
    });
  });
});

describe('A sale’s lines: return a line, void a sale of today', () => {
  const customer = { id: 'c1', name: 'Grace Hopper', isCustomer: true, isVendor: false, active: true, createdAt: '' };
  const sale = (createdAt: string, voidedAt: string | null = null) => ({
    id: 's1',
    number: 12,
    customerId: 'c1',
    customerName: 'Grace Hopper',
    sellerId: 'u1',
    sellerName: 'rapidseller',
    total: 150,
    note: null,
    createdAt,
    voidedAt,
    voidReason: null,
    lines: [{ line: 1, itemId: 'i1', serial: 'SN-0001', price: 150, warrantyEndsAt: null, returnedAt: null }],
  });
  const open = (current: ReturnType<typeof sale>, permissions?: string[]) =>
    api(soldItem, (config) => {
      const url = config.url ?? '';
      if (url === '/api/access' && permissions) return accessAnswer(permissions);
      if (url === '/api/customers/c1') return { status: 200, data: customer };
      if (url === '/api/customers/c1/history') return { status: 403, data: { message: 'no' } };
      if (url === '/api/sales') return { status: 200, data: { items: [current], nextCursor: null } };
      if (url === '/api/sales/s1') return { status: 200, data: current };
      if (url === '/api/sales/s1/void') return { status: 200, data: { ...current, voidedAt: current.createdAt } };
      return { status: 404, data: { message: 'unexpected' } };
    });
  const showLines = async () => {
    renderAt('/customers/history?customer=c1');
    await userEvent.click(await screen.findByRole('button', { name: /Show the lines of sale 12|sale #12/i }));
  };

  /** A sale of one line of 3 USB-C cables for 29.99, `back` of them returned since. */
  const quantityLineSale = (back: number) => ({
    ...sale('2020-03-01T10:00:00Z'),
    currency: 'USD',
    total: 29.99,
    lines: [
      {
        line: 1,
        itemId: null,
        serial: null,
        modelId: 'm1',
        model: 'USB-C cable',
        quantity: 3,
        price: 30,
        total: 29.99,
        warrantyEndsAt: null,
        returnedAt: back ? '2020-03-02T10:00:00Z' : null,
        returnedQuantity: back,
      },
    ],
  });
  const openQuantity = (current: ReturnType<typeof quantityLineSale>) =>
    api(soldItem, (config) => {
      const url = config.url ?? '';
      if (url === '/api/customers/c1') return { status: 200, data: customer };
      if (url === '/api/customers/c1/history') return { status: 403, data: { message: 'no' } };
      if (url === '/api/sales') return { status: 200, data: { items: [current], nextCursor: null } };
      if (url === '/api/sales/s1') return { status: 200, data: current };
      if (url === '/api/sales/s1/quantity-returns') return { status: 200, data: {} };
      return { status: 404, data: { message: 'unexpected' } };
    });

  it('voids a sale of today with a reason, for a holder of sales.void', async () => {
    const calls = open(sale(new Date().toISOString()));
    await showLines();
    await userEvent.click(await screen.findByRole('button', { name: 'Void sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void sale 12' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Wrong customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void the sale' }));
    await closed();
    expect(calls.find((call) => call.url === '/api/sales/s1/void')?.body).toEqual({ reason: 'Wrong customer' });
  });

  it('offers no void for a sale of another day; its line can still be returned', async () => {
    open(sale('2020-03-01T10:00:00Z'));
    await showLines();
    expect(await screen.findByRole('button', { name: 'Return line 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void sale' })).not.toBeInTheDocument();
  });

  it('returns some units of a quantity line, its refund following their share', async () => {
    const quantitySale = quantityLineSale(1);
    const calls = openQuantity(quantitySale);
    await showLines();
    // One of the three came back before: two are out, their share 19.99 of the 29.99 (the first took 10.00, cut as the API cuts).
    await userEvent.click(await screen.findByRole('button', { name: 'Return line 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return line 1: 3 × USB-C cable' });
    expect(within(dialog).getByText('2 of the 3 are still out: all of them go back, or fewer.')).toBeInTheDocument();
    const units = within(dialog).getByLabelText('Units returned');
    expect(units).toHaveValue('2');
    expect(within(dialog).getByLabelText('Refund')).toHaveValue('19.99');
    await userEvent.clear(units);
    await userEvent.type(units, '3');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return line 1' }));
    expect(await within(dialog).findByText('A whole number from 1 to 2.')).toBeInTheDocument();
    await userEvent.clear(units);
    await userEvent.type(units, '1');
    expect(within(dialog).getByLabelText('Refund')).toHaveValue('9.99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return line 1' }));
    await closed();
    expect(calls.find((call) => call.url === '/api/sales/s1/quantity-returns')?.body).toEqual({
      line: 1,
      quantity: 1,
      reason: 'Too short',
      refund: 9.99,
    });
  });

  it('offers no return of a quantity line all of whose units are back', async () => {
    openQuantity(quantityLineSale(3));
    await showLines();
    expect(await screen.findByText(/USB-C cable/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return line 1' })).not.toBeInTheDocument();
  });

  it('offers a user without sales.void the line’s return but no void', async () => {
    signInAs(ROLES.storekeeper);
    open(sale(new Date().toISOString()), ['items.view', 'items.process', 'customers.view']);
    await showLines();
    expect(await screen.findByRole('button', { name: 'Return line 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void sale' })).not.toBeInTheDocument();
  });
});

describe('Returns from Change Status and from the item manager’s bulk actions', () => {
  const statusType = type('t-status', 'Change status', 'status_change', ['in_stock', 'defective'], 'in_stock');
  const soldA: Item = { ...soldItem, id: 'sa', serial: 'SN-SA', salePrice: 100 };
  const soldB: Item = { ...soldItem, id: 'sb', serial: 'SN-SB', salePrice: 50 };
  const inStock: Item = { ...baseItem, id: 'st', serial: 'SN-ST' };
  function batchApi(permissions?: string[], typeIds?: string[]) {
    return mockApi((config) => {
      const url = config.url ?? '';
      if (url === '/api/access' && permissions) return accessAnswer(permissions, typeIds);
      const found = [soldA, soldB, inStock].find((item) => url === `/api/items/by-serial/${item.serial}`);
      if (found) return { status: 200, data: found };
      if (url === '/api/items') return { status: 200, data: { items: [soldA, soldB, inStock], nextCursor: null } };
      if (url === '/api/transaction-types') return page([...TYPES, statusType]);
      if (url === '/api/locations')
        return page([{ id: 'l1', name: 'Main store', kind: 'store', parentId: null, active: true, createdAt: '' }]);
      if (url === '/api/statuses' || url === '/api/brands' || url === '/api/item-types') return page([]);
      if (url === '/api/transactions' && config.method === 'post') return { status: 201, data: { events: [] } };
      return { status: 404, data: { message: 'unexpected' } };
    });
  }
  async function scan(serial: string) {
    await userEvent.type(screen.getByLabelText('Scan or type a serial'), `${serial}{Enter}`);
    await screen.findByText(`${serial} added.`);
  }

  it('Change Status offers a scanned sold item the return flow; the items left keep their status change', async () => {
    const calls = batchApi();
    renderAt('/item-status/status-change');
    await screen.findByLabelText('Scan or type a serial');
    await scan('SN-SA');
    await scan('SN-ST');
    const scanned = screen.getByRole('region', { name: /Scanned/ });
    expect(within(scanned).getByText('Sold: return it instead (below)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return the sold item…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return SN-SA' });
    expect(within(dialog).getByLabelText(/Refund/)).toHaveValue('100');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Wrong colour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return the item' }));
    await closed();
    expect(await screen.findByText('1 item returned.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      transactionTypeId: 't-return',
      itemIds: ['sa'],
      reason: 'Wrong colour',
      refunds: [{ itemId: 'sa', refund: 100 }],
      toStatus: 'returned',
    });
    // The sold item left the list; the one in stock waits for its status change.
    expect(within(scanned).queryByText('SN-SA')).not.toBeInTheDocument();
    expect(within(scanned).getByText('SN-ST')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sold item/ })).not.toBeInTheDocument();
  });

  it('bulk Return lists each ticked item with its own refund (its sale price to start, never above), leaves out those the type refuses, and returns the rest in one request', async () => {
    const calls = batchApi();
    renderAt('/item-status/item-manager');
    await screen.findByRole('link', { name: 'Open the history of SN-SA' }, { timeout: 10_000 });
    for (const box of screen.getAllByRole('checkbox', { name: /select row/i }).slice(0, 3)) await userEvent.click(box);
    const bar = screen.getByRole('region', { name: 'Selected items' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Return…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return 3 items' });
    expect(
      within(dialog).getByText('2 sold items are returned; each refund starts at what the item was sold for:'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Return does not take In stock items: left out')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Refund for SN-ST/)).not.toBeInTheDocument();
    const refundA = within(dialog).getByLabelText(/Refund for SN-SA/);
    const refundB = within(dialog).getByLabelText(/Refund for SN-SB/);
    expect([refundA, refundB].map((field) => (field as HTMLInputElement).value)).toEqual(['100', '50']);
    expect(within(dialog).getByText('Refunded in all: $150.00')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Recall');
    // The second item was sold for 50: 50.01 is refused on its own line, nothing is sent.
    await userEvent.clear(refundB);
    await userEvent.type(refundB, '50.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return 2 items' }));
    expect(await within(dialog).findByText('An amount such as 12.50, at most $50.00.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.clear(refundA);
    await userEvent.type(refundA, '80');
    await userEvent.clear(refundB);
    await userEvent.type(refundB, '0');
    expect(within(dialog).getByText('Refunded in all: $80.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return 2 items' }));
    await closed();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      transactionTypeId: 't-return',
      itemIds: ['sa', 'sb'],
      reason: 'Recall',
      refunds: [
        { itemId: 'sa', refund: 80 },
        { itemId: 'sb', refund: 0 },
      ],
      toStatus: 'returned',
    });
    expect(screen.queryByRole('region', { name: 'Selected items' })).not.toBeInTheDocument();
  });

  it('offers no bulk Return to a user whose roles may not run the Return type', async () => {
    signInAs(ROLES.storekeeper);
    batchApi(['items.view', 'items.process'], ['t-status']);
    renderAt('/item-status/item-manager');
    await screen.findByRole('link', { name: 'Open the history of SN-SA' }, { timeout: 10_000 });
    await userEvent.click(screen.getAllByRole('checkbox', { name: /select row/i })[0]!);
    const bar = screen.getByRole('region', { name: 'Selected items' });
    expect(within(bar).getByRole('button', { name: 'Change status…' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Return…' })).not.toBeInTheDocument();
  });
});
