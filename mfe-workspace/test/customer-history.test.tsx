import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
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
  createdAt: '',
};
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

function api(sales = [summary]) {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/customers') return { status: 200, data: { items: [grace], nextCursor: null } };
    if (url === '/api/customers/c1') return { status: 200, data: grace };
    if (url === '/api/sales') return { status: 200, data: { items: sales, nextCursor: null } };
    if (url === '/api/sales/s1')
      return {
        status: 200,
        data: {
          ...summary,
          lines: [
            { line: 1, itemId: 'a', serial: 'SN-A', price: 100, warrantyEndsAt: '2099-03-01T10:00:00Z' },
            { line: 2, itemId: 'b', serial: 'SN-B', price: 200, warrantyEndsAt: '2020-03-01T10:00:00Z' },
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
    expect(await screen.findByText(/warranty until/)).toBeInTheDocument();
    expect(screen.getByText(/warranty ended/)).toBeInTheDocument();
  });

  it('opens the customer named in the URL and says when they bought nothing', async () => {
    api([]);
    renderAt('/customers/history?customer=c1');
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Grace Hopper')).toBeInTheDocument();
  });

  it('is forbidden to a New Item Operator', async () => {
    signInAs(ROLES.newItemOperator);
    api();
    renderAt('/customers/history');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});
