import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { holdAnswers, mockApi } from '../../shared/test/mock-api';
import { baseItem, renderAt, signInAs } from './helpers';

const sold = { ...baseItem, id: 'i2', serial: 'SN-0002', status: 'sold', soldAt: '2026-01-03T10:00:00Z' };
const inRepair = { ...baseItem, id: 'i3', serial: 'SN-0003', status: 'in_process' };
// The company's Sell type: what a sale accepts.
const sellType = {
  id: 't-sell',
  name: 'Sell',
  kind: 'sell',
  builtIn: true,
  active: true,
  fromStatuses: ['in_stock', 'returned'],
};

function api() {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/items/by-serial/SN-0001') return { status: 200, data: baseItem };
    if (url === '/api/items/by-serial/SN-0002') return { status: 200, data: sold };
    if (url === '/api/items/by-serial/SN-0003') return { status: 200, data: inRepair };
    if (url === '/api/transaction-types') return { status: 200, data: { items: [sellType] } };
    if (url.startsWith('/api/items/by-serial/')) return { status: 404, data: { message: 'Item not found' } };
    if (url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
    if (url === '/api/customers' && config.method === 'post') {
      const body = JSON.parse(config.data as string) as { name: string };
      return { status: 201, data: { id: 'c2', name: body.name, isCustomer: true, isVendor: false, active: true } };
    }
    if (url === '/api/customers')
      return {
        status: 200,
        data: { items: [{ id: 'c1', name: 'Grace Hopper', isCustomer: true, active: true }], nextCursor: null },
      };
    if (url === '/api/sales') {
      const body = JSON.parse(config.data as string) as { lines: { itemId: string; price: number }[] };
      if (body.lines[0]!.itemId === 'i2') {
        return {
          status: 409,
          data: { message: 'SN-0002: sold items cannot be sold. Nothing was changed.', code: 'ITEMS_REFUSED' },
        };
      }
      return {
        status: 201,
        data: {
          id: 's1',
          number: 7,
          customerId: null,
          customerName: null,
          sellerId: 'u1',
          sellerName: 'seller',
          net: body.lines[0]!.price,
          tax: 0,
          total: body.lines[0]!.price,
          currency: 'USD',
          taxRate: 0,
          note: null,
          createdAt: '2026-01-04T10:00:00Z',
          lines: [],
        },
      };
    }
    return { status: 404, data: { message: 'unexpected' } };
  });
}

// MUI in jsdom on a shared 2-core machine: the default 5 s is too tight under load.
jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.rapidSeller);
  await act(() => i18n.changeLanguage('en'));
});

describe('/actions/rapid-sell', () => {
  it('sells by scanner keystrokes only: scan + Enter shows the item, Enter sells, focus returns to the scan field', async () => {
    const calls = api();
    renderAt('/actions/rapid-sell');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await waitFor(() => expect(scan).toHaveFocus());
    await userEvent.keyboard('SN-0001{Enter}');
    expect(await screen.findByRole('heading', { name: 'SN-0001' })).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveValue('1250.5');
    await waitFor(() => expect(scan).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Sold SN-0001 for $1,250.50 — sale #7.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/sales',
      body: { lines: [{ itemId: 'i1', price: 1250.5, discount: 0 }], customerId: null },
    });
    await waitFor(() => expect(scan).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'SN-0001' })).not.toBeInTheDocument();
  });

  it('after a customer is picked from the keyboard, focus is back in the scan field and Enter sells to them', async () => {
    const calls = api();
    renderAt('/actions/rapid-sell');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('SN-0001{Enter}');
    await screen.findByRole('heading', { name: 'SN-0001' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer (optional)' }));
    await userEvent.keyboard('Gra');
    await screen.findByRole('option', { name: 'Grace Hopper' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(scan).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await screen.findByText(/sale #7/);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ customerId: 'c1' });
  });

  it('adds a new buyer typed in the customer field, then sells to them', async () => {
    const calls = api();
    renderAt('/actions/rapid-sell');
    await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('SN-0001{Enter}');
    await screen.findByRole('heading', { name: 'SN-0001' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer (optional)' }));
    await userEvent.keyboard('Nora New');
    await userEvent.click(await screen.findByRole('option', { name: 'Add “Nora New” as a new customer' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Customer (optional)' })).toHaveValue('Nora New'));
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/customers')?.body).toEqual({
      name: 'Nora New',
      isCustomer: true,
      isVendor: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sell (Enter)' }));
    await screen.findByText(/sale #7/);
    expect(calls.find((call) => call.url === '/api/sales')?.body).toMatchObject({ customerId: 'c2' });
  });

  it('sells at an edited price typed with a decimal comma', async () => {
    const calls = api();
    renderAt('/actions/rapid-sell');
    await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('SN-0001{Enter}');
    const price = await screen.findByLabelText('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '999,90{Enter}');
    await screen.findByText(/sale #7/);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ lines: [{ price: 999.9 }] });
  });

  it('says a sold item is sold as soon as it is scanned, offers no sale, and Enter sends nothing', async () => {
    const calls = api();
    renderAt('/actions/rapid-sell');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('SN-0002{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This item has already been sold.');
    expect(screen.getByText('SN-0002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sell (Enter)' })).toBeNull();
    expect(screen.queryByLabelText('Price')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await waitFor(() => expect(scan).toHaveFocus());
  });

  it('says an item in a status the Sell type does not accept cannot be sold, before Enter', async () => {
    const calls = api();
    renderAt('/actions/rapid-sell');
    await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('SN-0003{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^SN-0003 is .+ and cannot be sold\.$/);
    expect(screen.queryByRole('button', { name: 'Sell (Enter)' })).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('judges a scan by the Sell type even when the types answer after the item (a busy phone)', async () => {
    const calls = api();
    const releaseTypes = holdAnswers('/api/transaction-types');
    renderAt('/actions/rapid-sell');
    await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('SN-0003{Enter}');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/items/by-serial/SN-0003')).toBe(true));
    releaseTypes();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^SN-0003 is .+ and cannot be sold\.$/);
    expect(screen.queryByText(/is ready/)).toBeNull();
  });

  it('says when no item has the scanned serial, and Escape clears the screen', async () => {
    api();
    renderAt('/actions/rapid-sell');
    await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('NOPE{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No item has the serial “NOPE”.');
    await userEvent.keyboard('SN-0001{Enter}');
    await screen.findByRole('heading', { name: 'SN-0001' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: 'SN-0001' })).not.toBeInTheDocument();
  });

  it('refuses an unparseable price without calling the API', async () => {
    const calls = api();
    renderAt('/actions/rapid-sell');
    await screen.findByLabelText('Scan or type a serial');
    await userEvent.keyboard('SN-0001{Enter}');
    const price = await screen.findByLabelText('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '12abc{Enter}');
    expect(await screen.findByText('Enter an amount such as 1250 or 1250.50.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the forbidden state to a role that may not sell', async () => {
    signInAs(ROLES.storekeeper);
    api();
    renderAt('/actions/rapid-sell');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Scan or type a serial')).not.toBeInTheDocument();
  });

  it('speaks Turkish, with Turkish money', async () => {
    api();
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/actions/rapid-sell');
    await screen.findByLabelText('Seri numarasını okutun veya yazın');
    await userEvent.keyboard('SN-0001{Enter}');
    expect(await screen.findByLabelText('Fiyat')).toHaveValue('1250,5');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('SN-0001 $1.250,50 fiyatla satıldı — satış no 7.')).toBeInTheDocument();
  });
});
