import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_QUERY_KEY, i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { renderAt, signInAs } from './helpers';

const grace = {
  id: 'c1',
  name: 'Grace Hopper',
  isCustomer: true,
  isVendor: false,
  contactName: null,
  email: null,
  phone: null,
  taxId: null,
  address: null,
  notes: null,
  active: true,
  createdAt: '',
};
const purchase = (serial: string, warranty: 'active' | 'ended' | 'none', warrantyEndsAt: string | null) => ({
  saleId: 's1',
  saleNumber: 12,
  soldAt: '2026-03-01T10:00:00Z',
  itemId: serial,
  serial,
  itemTypeName: 'Laptop',
  model: 'X1',
  price: 100,
  status: 'sold',
  warrantyEndsAt,
  warranty,
});
const record = (
  returns = [{ itemId: 'r', serial: 'SN-R', returnedAt: '2026-04-02T09:00:00Z', note: 'dead pixel' }],
) => ({
  customer: { id: 'c1', name: 'Grace Hopper', email: null, phone: null },
  summary: { sales: 1, itemsBought: 2, spent: 300, returns: returns.length, warrantiesActive: 1, warrantiesEnded: 1 },
  items: [purchase('SN-A', 'active', '2099-03-01T10:00:00Z'), purchase('SN-B', 'ended', '2020-03-01T10:00:00Z')],
  nextCursor: null,
  returns,
});
const summary = {
  id: 's1',
  number: 12,
  customerId: 'c1',
  customerName: 'Grace Hopper',
  sellerId: 'u1',
  sellerName: 'rapidseller',
  total: 300,
  note: null,
  createdAt: '2026-03-01T10:00:00Z',
};

function api(sales = [summary], customer = grace) {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/customers') return { status: 200, data: { items: [customer], nextCursor: null } };
    if (url === '/api/customers/c1') return { status: 200, data: customer };
    if (url === '/api/customers/c1/history')
      return { status: 200, data: sales.length ? record() : { ...record([]), items: [], summary: record([]).summary } };
    if (url === '/api/sales') return { status: 200, data: { items: sales, nextCursor: null } };
    if (url === '/api/sales/s1')
      return {
        status: 200,
        data: {
          ...summary,
          lines: [
            { line: 1, itemId: 'a', serial: 'SN-A', price: 100, warrantyEndsAt: '2099-03-01T10:00:00Z' },
            { line: 2, itemId: 'b', serial: 'SN-B', price: 200, warrantyEndsAt: '2020-03-01T10:00:00Z' },
            // A line of a model tracked by quantity: no serial, no warranty.
            {
              line: 3,
              itemId: null,
              serial: null,
              modelId: 'm9',
              quantity: 3,
              brandName: null,
              model: 'USB-C cable',
              price: 28.5,
              total: 28.5,
              warrantyEndsAt: null,
              returnedAt: null,
            },
          ],
        },
      };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.accountManager);
  await act(() => i18n.changeLanguage('en'));
});

describe('/customers/history', () => {
  it('finds a customer by type-ahead and shows their purchases with each item’s warranty', async () => {
    const calls = api();
    renderAt('/customers/history');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Customer' }), 'Gra');
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    const purchases = await screen.findByRole('list', { name: 'Purchases' });
    expect(within(purchases).getByText('Sale #12')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/sales')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show the items of sale #12' }));
    const region = screen.getByRole('region', { name: 'Purchases' });
    expect(await within(region).findByText(/warranty until/)).toBeInTheDocument();
    expect(within(region).getByText(/warranty ended/)).toBeInTheDocument();
    expect(within(region).getByText(/^3 × USB-C cable · .*28\.50$/)).toBeInTheDocument();
    expect(within(region).queryByText(/null/)).not.toBeInTheDocument();
  });

  it('shows their totals, every item bought with its warranty today, and their returns', async () => {
    api();
    renderAt('/customers/history?customer=c1');
    const summaryList = await screen.findByLabelText('Totals for Grace Hopper');
    expect(within(summaryList).getByText('Items bought').nextSibling).toHaveTextContent('2');
    expect(within(summaryList).getByText('Warranties running').nextSibling).toHaveTextContent('1');
    const items = screen.getByRole('region', { name: 'Items and warranties' });
    const rows = within(items).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/SN-A.*Laptop · X1.*sale #12.*warranty until/);
    expect(rows[2]).toHaveTextContent(/SN-B.*warranty ended/);
    expect(within(items).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(within(returns).getByText(/^SN-R returned/)).toBeInTheDocument();
    expect(within(returns).getByText('dead pixel')).toBeInTheDocument();
  });

  it('finds a deactivated customer too, and says so', async () => {
    api([summary], { ...grace, active: false });
    renderAt('/customers/history');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Customer' }), 'Gra');
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper (deactivated)' }));
    expect(await screen.findByText('Deactivated: nothing new is sold to them')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Returns' })).toBeInTheDocument();
  });

  it('opens the customer named in the URL and says when they bought nothing', async () => {
    api([]);
    renderAt('/customers/history?customer=c1');
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Grace Hopper')).toBeInTheDocument();
  });

  it('when the access answer cannot be read at all, the owner still picks a customer, sees their record and opens a sale', async () => {
    signInAs(ROLES.companyOwner);
    const calls = api(); // answers /api/access with a 404, as a failing server would
    const { client } = renderAt('/customers/history');
    await act(() => client.resetQueries({ queryKey: ACCESS_QUERY_KEY }));
    // The screen's guard lets the page in once the answer has failed (its chunk may take a while here).
    const picker = await screen.findByRole('combobox', { name: 'Customer' }, { timeout: 10_000 });
    await userEvent.type(picker, 'Gra');
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    // The API, which checks every call, decides: the record it answers is shown.
    expect(await screen.findByLabelText('Totals for Grace Hopper')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/access')).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Show the items of sale #12' }));
    const region = screen.getByRole('region', { name: 'Purchases' });
    expect(await within(region).findByText(/warranty until/)).toBeInTheDocument();
  });

  it('is forbidden to a New Item Operator', async () => {
    signInAs(ROLES.newItemOperator);
    api();
    renderAt('/customers/history');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});
