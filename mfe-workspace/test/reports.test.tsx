import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi, type Reply, type Route } from '../../shared/test/mock-api';
import { currentLocation, renderAt, signInAs } from './helpers';

// MUI in jsdom on a shared 2-core machine: the default 5 s is too tight under load.
jest.setTimeout(30_000);

const REPORTER = ['items.view', 'items.process', 'items.edit', 'reports.view'];
type Params = Record<string, unknown>;
let seen: { url: string; params: Params; responseType?: string }[] = [];

/** The API: `routes` answer the report calls; the lists every filter offers answer with fixed rows. */
function api(routes: Record<string, (params: Params) => Reply>, permissions = REPORTER) {
  seen = [];
  return mockApi((config: Parameters<Route>[0]) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Params;
    seen.push({ url, params, responseType: config.responseType });
    if (routes[url]) return routes[url](params);
    // A download (CSV or Excel): the route's own path with the query in the URL.
    if (routes[url.split('?')[0]!] && /\?format=(csv|xlsx|raw-csv)/.test(url))
      return { status: 200, data: new Blob(['\uFEFFheader\r\nrow\r\n'], { type: 'text/csv' }) };
    if (url === '/api/access')
      return { status: 200, data: { roles: [], permissions, transactionTypeIds: [], allTransactionTypes: false } };
    if (url === '/api/locations')
      return {
        status: 200,
        data: {
          items: [
            { id: 'l1', name: 'Main Warehouse' },
            { id: 'l2', name: 'Downtown Store' },
          ],
        },
      };
    if (url === '/api/item-types') return { status: 200, data: { items: [{ id: 't1', name: 'Phone' }] } };
    if (url === '/api/transaction-types') return { status: 200, data: { items: [{ id: 'x1', name: 'Sell' }] } };
    if (url === '/api/statuses') return { status: 200, data: { items: [] } };
    return { status: 404, data: { message: `unexpected ${url}` } };
  });
}
const calls = (url: string) => seen.filter((call) => call.url === url);
/** The CSV downloads asked of a route: their query, as the URL carries it. */
const csvCalls = (path: string) =>
  seen
    .filter((call) => call.url.startsWith(`${path}?`))
    .map((call) => ({
      query: Object.fromEntries(new URL(call.url, 'http://x').searchParams),
      responseType: call.responseType,
    }));
const FIRST = { timeout: 10_000 }; // the first render loads (and here compiles) the page's chunk

const saved: { name: string; type: string }[] = [];
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: this.href });
  });
});

beforeEach(async () => {
  saved.length = 0;
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

const event = {
  id: 'e1',
  itemId: 'i1',
  serial: 'SN-0001',
  version: 2,
  kind: 'sell',
  transactionTypeId: 'x1',
  transactionTypeName: 'Sell',
  fromLocationId: 'l1',
  toLocationId: 'l1',
  fromStatus: 'in_stock',
  toStatus: 'sold',
  customerId: 'c1',
  saleId: 's1',
  userId: 'u1',
  userName: 'rapidseller',
  note: 'Counter sale',
  deltas: null,
  createdAt: '2026-11-20T14:30:00Z',
  itemTypeId: 't1',
  itemTypeName: 'Phone',
  fromLocationName: 'Main Warehouse',
  toLocationName: 'Main Warehouse',
  customerName: 'Ada Buyer',
};

describe('/reporting/tracking-report', () => {
  const tracking = (items = [event]) => ({
    '/api/reports/tracking': () => ({ status: 200, data: { items, nextCursor: null } }),
  });

  it('lists the movements the API answers, each serial a link to its history', async () => {
    api(tracking());
    renderAt('/reporting/tracking-report');
    const grid = await screen.findByRole('grid', { name: 'Tracking Report' }, FIRST);
    expect(await within(grid).findByRole('link', { name: 'Open the history of SN-0001' })).toHaveAttribute(
      'href',
      '/item-status/item-search?q=SN-0001&id=i1',
    );
    expect(within(grid).getByText('Main Warehouse → Main Warehouse')).toBeInTheDocument();
    expect(within(grid).getByText('In stock → Sold')).toBeInTheDocument();
    expect(within(grid).getByText('Counter sale')).toBeInTheDocument();
    expect(within(grid).getByText('Nov 20, 2026', { exact: false })).toBeInTheDocument();
    expect(calls('/api/reports/tracking').at(-1)?.params).toEqual({ limit: 25 });
  });

  it('keeps its filters in the URL and sends them to the API', async () => {
    api(tracking());
    renderAt('/reporting/tracking-report');
    await screen.findByRole('grid', { name: 'Tracking Report' }, FIRST);
    await choose('Movement', 'Sold');
    await choose('Location (from or to)', 'Downtown Store');
    expect(currentLocation()).toBe('/reporting/tracking-report?kind=sell&location=l2');
    await waitFor(() =>
      expect(calls('/api/reports/tracking').at(-1)?.params).toEqual({ kind: 'sell', locationId: 'l2', limit: 25 }),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To (inclusive)'), { target: { value: '2026-11-02' } });
    expect(currentLocation()).toContain('from=2026-11-01&to=2026-11-02');
    // The user's days, from their midnight to the midnight after the last one.
    await waitFor(() =>
      expect(calls('/api/reports/tracking').at(-1)?.params).toMatchObject({
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 3).toISOString(),
      }),
    );
  });

  it('reads its filters from a shared link, and asks nothing for a period that ends before it starts', async () => {
    api(tracking());
    renderAt('/reporting/tracking-report?from=2026-11-05&to=2026-11-01&kind=bogus');
    expect(await screen.findByText('The start is after the end.', {}, FIRST)).toBeInTheDocument();
    expect(calls('/api/reports/tracking')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('exports the same route with the same filters, for people as Excel in the screen’s language and time zone', async () => {
    api(tracking());
    renderAt('/reporting/tracking-report?kind=sell');
    await screen.findByRole('link', { name: 'Open the history of SN-0001' }, FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^tracking-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(csvCalls('/api/reports/tracking')).toEqual([
      {
        query: { format: 'xlsx', kind: 'sell', lang: 'en', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        responseType: 'blob',
      },
    ]);
  });

  it('says when a period has no movements', async () => {
    api(tracking([]));
    renderAt('/reporting/tracking-report');
    expect(await screen.findByText('No movements in this period.', {}, FIRST)).toBeInTheDocument();
  });

  it('is forbidden to a role without reports.view', async () => {
    signInAs(ROLES.rapidSeller);
    api({ '/api/reports/tracking': () => ({ status: 403, data: { message: 'Forbidden' } }) }, [
      'items.view',
      'items.sell',
    ]);
    renderAt('/reporting/tracking-report');
    expect(
      await screen.findByText(
        'Your role may not use this screen. Ask an Admin or the Company Owner if you need it.',
        {},
        FIRST,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});

describe('/reporting/warehouse-status', () => {
  const status = {
    byLocation: [
      { locationId: 'l1', locationName: 'Main Warehouse', status: 'in_stock', items: 1200 },
      { locationId: 'l1', locationName: 'Main Warehouse', status: 'defective', items: 3 },
      { locationId: 'l2', locationName: 'Downtown Store', status: 'in_stock', items: 40 },
      { locationId: 'l2', locationName: 'Downtown Store', status: 'sold', items: 7 },
    ],
    byItemType: [
      { itemTypeId: 't1', itemTypeName: 'Phone', status: 'in_stock', items: 1240 },
      { itemTypeId: 't1', itemTypeName: 'Phone', status: 'defective', items: 3 },
      { itemTypeId: 't1', itemTypeName: 'Phone', status: 'sold', items: 7 },
    ],
    total: 1250,
    asOf: new Date(2026, 10, 26, 9, 41, 7).toISOString(),
  };
  const cells = (table: HTMLElement, name: string) =>
    within(within(table).getByRole('rowheader', { name }).closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  it('counts items per location and status, with totals', async () => {
    api({ '/api/reports/warehouse-status': () => ({ status: 200, data: status }) });
    renderAt('/reporting/warehouse-status');
    const table = await screen.findByRole('table', { name: 'Items per Location and status' }, FIRST);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Location', 'In stock', 'Defective', 'Sold', 'Total']);
    expect(cells(table, 'Main Warehouse')).toEqual(['1,200', '3', '0', '1,203']);
    expect(cells(table, 'Downtown Store')).toEqual(['40', '0', '7', '47']);
    expect(cells(table, 'Total')).toEqual(['1,240', '3', '7', '1,250']);
    expect(await screen.findByRole('figure', { name: 'Items per location, by status' })).toBeInTheDocument();
    // It may be read from a standby: how fresh it is, to the second.
    expect(screen.getByText('As of 09:41:07 AM')).toBeInTheDocument();
  });

  it('counts per item type instead, kept in the URL', async () => {
    api({ '/api/reports/warehouse-status': () => ({ status: 200, data: status }) });
    renderAt('/reporting/warehouse-status');
    await screen.findByRole('table', {}, FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Item type' }));
    expect(currentLocation()).toBe('/reporting/warehouse-status?by=itemType');
    const table = screen.getByRole('table', { name: 'Items per Item type and status' });
    expect(cells(table, 'Phone')).toEqual(['1,240', '3', '7', '1,250']);
  });

  it('shows an empty company the way to its first reception, with nothing to export', async () => {
    signInAs(ROLES.companyOwner);
    api(
      {
        '/api/reports/warehouse-status': () => ({
          status: 200,
          data: { ...status, byLocation: [], byItemType: [], total: 0 },
        }),
      },
      ['items.receive', 'reports.view'],
    );
    renderAt('/reporting/warehouse-status');
    expect(await screen.findByText('No items yet — receive your first batch', {}, FIRST)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Receive items' })).toHaveAttribute(
      'href',
      '/actions/inventory-reception',
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('exports the counts for people as Excel, in the screen’s language, or as the raw rows', async () => {
    signInAs(ROLES.companyOwner);
    api({ '/api/reports/warehouse-status': () => ({ status: 200, data: status }) });
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/reporting/warehouse-status');
    await screen.findByRole('table', {}, FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Dışa aktar' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^warehouse-status-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await userEvent.click(screen.getByRole('button', { name: 'Dışa aktar' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Ham veri/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toMatch(/^warehouse-status-raw-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csvCalls('/api/reports/warehouse-status')).toEqual([
      {
        query: { format: 'xlsx', lang: 'tr', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        responseType: 'blob',
      },
      { query: { format: 'raw-csv' }, responseType: 'blob' },
    ]);
  });

  it('says a failed load in words and retries', async () => {
    let fail = true;
    api({
      '/api/reports/warehouse-status': () =>
        fail ? { status: 500, data: { message: 'Counting failed' } } : { status: 200, data: status },
    });
    renderAt('/reporting/warehouse-status');
    expect(await screen.findByText('Counting failed', {}, FIRST)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('/reporting/item-inventory', () => {
  const report = (groupBy: string) => ({
    groupBy,
    items: [
      { key: 'b1', name: 'Acme', items: 1200, costValue: 120000, saleValue: 150000.5 },
      { key: null, name: null, items: 3, costValue: 30, saleValue: 0 },
    ],
    totals: { items: 1203, costValue: 120030, saleValue: 150000.5 },
    asOf: new Date(2026, 10, 26, 17, 0, 59).toISOString(),
  });

  it('shows counts and values per group with the totals, in the user’s numbers', async () => {
    api({ '/api/reports/inventory': (params) => ({ status: 200, data: report(String(params.groupBy)) }) }, [
      ...REPORTER,
      'items.cost.view',
    ]);
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/reporting/item-inventory?groupBy=brand');
    const table = await screen.findByRole('table', { name: 'Ürün Envanteri' }, FIRST);
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('Acme')).toEqual(['1.200', '$120.000,00', '$150.000,50']);
    expect(row('(belirtilmemiş)')).toEqual(['3', '$30,00', '$0,00']);
    expect(row('Toplam')).toEqual(['1.203', '$120.030,00', '$150.000,50']);
    expect(screen.getByText('17:00:59 itibarıyla')).toBeInTheDocument();
    expect(calls('/api/reports/inventory').at(-1)?.params).toEqual({ groupBy: 'brand' });
  });

  it('leaves the value at cost out for a role without items.cost.view (the API leaves it out too)', async () => {
    const withoutCost = ({ costValue: _cost, ...rest }: { costValue: number }) => rest;
    const answer = report('itemType');
    api({
      '/api/reports/inventory': () => ({
        status: 200,
        data: { ...answer, items: answer.items.map(withoutCost), totals: withoutCost(answer.totals) },
      }),
    });
    renderAt('/reporting/item-inventory');
    const table = await screen.findByRole('table', { name: 'Item Inventory' }, FIRST);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item type', 'Items', 'Sale value']);
    const total = within(within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!);
    expect(total.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1,203', '$150,000.50']);
  });

  it('changes the grouping and the status through the URL and the request', async () => {
    api({ '/api/reports/inventory': (params) => ({ status: 200, data: report(String(params.groupBy)) }) });
    renderAt('/reporting/item-inventory');
    await screen.findByRole('table', {}, FIRST);
    expect(calls('/api/reports/inventory').at(-1)?.params).toEqual({ groupBy: 'itemType' });
    await choose('Group by', 'Location');
    await choose('Status', 'Defective');
    expect(currentLocation()).toBe('/reporting/item-inventory?groupBy=location&status=defective');
    await waitFor(() =>
      expect(calls('/api/reports/inventory').at(-1)?.params).toEqual({ groupBy: 'location', status: 'defective' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^item-inventory-location-\d{4}-\d{2}-\d{2}\.csv$/);
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(csvCalls('/api/reports/inventory')).toEqual([
      {
        query: { format: 'csv', groupBy: 'location', status: 'defective', lang: 'en', timeZone },
        responseType: 'blob',
      },
    ]);
  });
});

describe('/reporting/warranty-list', () => {
  const row = (serial: string, daysLeft: number) => ({
    itemId: serial,
    serial,
    itemTypeName: 'Phone',
    brandName: 'Acme',
    model: 'X1',
    status: 'sold',
    customerId: 'c1',
    customerName: 'Ada Buyer',
    customerEmail: 'ada@example.com',
    customerPhone: '+90 555 0100',
    soldAt: '2025-11-01T10:00:00Z',
    warrantyEndsAt: '2026-11-01T10:00:00Z',
    daysLeft,
    claimId: null as string | null,
    claimState: null as string | null,
    claimOutcome: null as string | null,
  });
  const warranty = {
    '/api/reports/warranty': () => ({
      status: 200,
      data: { items: [row('SN-1', -3), row('SN-2', 0), row('SN-3', 12)], nextCursor: null },
    }),
  };

  it('lists the warranties with their customer and the days left', async () => {
    api(warranty, [...REPORTER, 'customers.view']);
    renderAt('/reporting/warranty-list');
    const grid = await screen.findByRole('grid', { name: 'Warranty List' }, FIRST);
    expect(await within(grid).findByText('Ended 3 days ago')).toBeInTheDocument();
    expect(within(grid).getByText('Ends today')).toBeInTheDocument();
    expect(within(grid).getByText('12 days')).toBeInTheDocument();
    expect(within(grid).getAllByText('+90 555 0100 · ada@example.com')).toHaveLength(3);
    expect(calls('/api/reports/warranty').at(-1)?.params).toEqual({
      within: 30,
      ended: '1',
      sort: 'ends_asc',
      limit: 25,
    });
  });

  it('changes the period and leaves ended warranties out, through the URL', async () => {
    api(warranty);
    renderAt('/reporting/warranty-list');
    await screen.findByRole('grid', { name: 'Warranty List' }, FIRST);
    await choose('Ending within', '90 days');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include ended warranties' }));
    expect(currentLocation()).toBe('/reporting/warranty-list?within=90&ended=0');
    await waitFor(() =>
      expect(calls('/api/reports/warranty').at(-1)?.params).toEqual({
        within: 90,
        ended: '0',
        sort: 'ends_asc',
        limit: 25,
      }),
    );
  });

  it('leaves the contact column out for a reader without customers.view', async () => {
    api(warranty);
    renderAt('/reporting/warranty-list');
    const grid = await screen.findByRole('grid', { name: 'Warranty List' }, FIRST);
    expect(await within(grid).findByText('Ended 3 days ago')).toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: 'Contact' })).not.toBeInTheDocument();
    expect(within(grid).queryByText('Ada Buyer')).not.toBeInTheDocument();
  });

  it('shows each item’s warranty claim and filters by the claim’s state, through the URL', async () => {
    api({
      '/api/reports/warranty': () => ({
        status: 200,
        data: {
          items: [
            { ...row('SN-1', 40), claimId: 'w1', claimState: 'sent' },
            { ...row('SN-2', 50), claimId: 'w2', claimState: 'closed', claimOutcome: 'rejected' },
          ],
          nextCursor: null,
        },
      }),
    });
    renderAt('/reporting/warranty-list');
    const grid = await screen.findByRole('grid', { name: 'Warranty List' }, FIRST);
    expect(await within(grid).findByText('Sent to supplier')).toBeInTheDocument();
    expect(within(grid).getByText('Closed · Rejected')).toBeInTheDocument();
    await choose('Claim', 'Sent to supplier');
    expect(currentLocation()).toBe('/reporting/warranty-list?claim=sent');
    await waitFor(() => expect(calls('/api/reports/warranty').at(-1)?.params).toMatchObject({ claim: 'sent' }));
  });

  it('is forbidden when the API refuses', async () => {
    api({ '/api/reports/warranty': () => ({ status: 403, data: { message: 'Forbidden' } }) });
    renderAt('/reporting/warranty-list');
    expect(
      await screen.findByText(
        'Your role may not use this screen. Ask an Admin or the Company Owner if you need it.',
        {},
        FIRST,
      ),
    ).toBeInTheDocument();
  });
});
