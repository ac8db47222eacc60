import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { holdAnswers, mockApi } from '../../shared/test/mock-api';
import { baseItem, cable, renderAt, signInAs } from './helpers';

const a = { ...baseItem, id: 'a', serial: 'SN-A', salePrice: 100 };
const b = { ...baseItem, id: 'b', serial: 'SN-B', salePrice: 250.5 };
const sold = { ...baseItem, id: 's', serial: 'SN-S', status: 'sold' };
const lent = { ...baseItem, id: 'l', serial: 'SN-L', status: 'on_loan' };
// The company's Sell type: what a sale accepts.
const sellType = { id: 't-sell', name: 'Sell', kind: 'sell', builtIn: true, active: true, fromStatuses: ['in_stock'] };

function api(sale?: () => { status: number; data: unknown }) {
  return mockApi((config) => {
    const url = config.url ?? '';
    const found = [a, b, sold, lent].find((item) => url === `/api/items/by-serial/${item.serial}`);
    if (found) return { status: 200, data: found };
    if (url === '/api/transaction-types') return { status: 200, data: { items: [sellType] } };
    if (url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
    if (url === '/api/sales') {
      if (sale) return sale();
      const body = JSON.parse(config.data as string) as {
        lines: { itemId: string; price: number; discount: number }[];
      };
      const net = (line: { price: number; discount: number }) => line.price - line.discount;
      return {
        status: 201,
        data: {
          id: 's1',
          number: 42,
          customerId: null,
          customerName: null,
          sellerId: 'u1',
          sellerName: 'rapidseller',
          net: body.lines.reduce((sum, line) => sum + net(line), 0),
          tax: 0,
          total: body.lines.reduce((sum, line) => sum + net(line), 0),
          currency: 'USD',
          taxRate: 0,
          note: null,
          createdAt: '2026-03-01T10:00:00Z',
          lines: body.lines.map((line, index) => ({
            line: index + 1,
            itemId: line.itemId,
            serial: line.itemId === 'a' ? 'SN-A' : 'SN-B',
            itemTypeName: 'Phone',
            brandName: null,
            model: line.itemId === 'a' ? 'Model A' : null,
            price: line.price,
            discount: line.discount,
            net: net(line),
            tax: 0,
            total: net(line),
            warrantyEndsAt: '2027-03-01T10:00:00Z',
          })),
        },
      };
    }
    return { status: 404, data: { message: 'Item not found' } };
  });
}

/** Scans serials into the cart, each seen added; the scan field. */
async function scanIntoCart(...serials: string[]) {
  const scan = await screen.findByLabelText('Scan or type a serial');
  for (const serial of serials) {
    await userEvent.type(scan, `${serial}{Enter}`);
    await screen.findByText(`${serial} added to the cart.`);
  }
  return scan;
}

jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.rapidSeller);
  await act(() => i18n.changeLanguage('en'));
});

describe('/actions/multi-sale', () => {
  it('keeps an item on loan out of the cart even when the Sell type answers after the item (a busy phone)', async () => {
    const calls = api();
    const releaseTypes = holdAnswers('/api/transaction-types');
    renderAt('/actions/multi-sale');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await userEvent.type(scan, 'SN-L{Enter}');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/items/by-serial/SN-L')).toBe(true));
    releaseTypes();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^SN-L is .+ and cannot be sold\.$/);
    expect(screen.queryByText('SN-L added to the cart.')).toBeNull();
  });

  it('sells a cart of scanned items in one sale and shows a receipt', async () => {
    const calls = api();
    renderAt('/actions/multi-sale');
    const scan = await scanIntoCart('SN-A', 'SN-B');
    await userEvent.type(scan, 'SN-S{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('SN-S is Sold and cannot be sold.');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('350.50');
    const price = screen.getByLabelText('Price of SN-B');
    await userEvent.clear(price);
    await userEvent.type(price, '200');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$300.00');
    // A discount above its line's price is refused on the spot; a valid one lowers the total.
    const discount = screen.getByLabelText('Discount on SN-B');
    await userEvent.type(discount, '250');
    expect(screen.getByText('An amount from 0 up to the price.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sell 2 items' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.clear(discount);
    await userEvent.type(discount, '20.5');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$279.50');
    await userEvent.click(screen.getByRole('button', { name: 'Sell 2 items' }));
    const receipt = await screen.findByRole('region', { name: 'Receipt — sale #42' });
    expect(within(receipt).getByTestId('receipt-total')).toHaveTextContent('Total: $279.50');
    expect(within(receipt).getByText('Phone · Model A')).toBeInTheDocument();
    expect(within(receipt).getByText('−$20.50')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      lines: [
        { itemId: 'a', price: 100, discount: 0 },
        { itemId: 'b', price: 200, discount: 20.5 },
      ],
      customerId: null,
    });
    expect(screen.getByText('The cart is empty. Scan a serial to add it.')).toBeInTheDocument();
  });

  it('sells by scanner and Enter alone: Enter in the empty scan field sells, and the next scan goes there', async () => {
    const calls = api();
    renderAt('/actions/multi-sale');
    const scan = await scanIntoCart('SN-A', 'SN-B');
    await userEvent.type(scan, '{Enter}');
    await screen.findByRole('region', { name: 'Receipt — sale #42' });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(scan).toHaveFocus());
  });

  it('keeps the cart and shows the API’s refusal when the sale is refused', async () => {
    api(() => ({ status: 409, data: { message: 'SN-A: sold items cannot be sold. Nothing was changed.' } }));
    renderAt('/actions/multi-sale');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await userEvent.type(scan, 'SN-A{Enter}');
    await screen.findByText('SN-A added to the cart.');
    await userEvent.click(screen.getByRole('button', { name: 'Sell 1 item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SN-A: sold items cannot be sold.');
    expect(screen.getByLabelText('Price of SN-A')).toBeInTheDocument();
  });

  it('sells a model tracked by quantity beside an item: each scan of its barcode adds one, and the sale has its model × quantity line', async () => {
    const calls = mockApi((config) => {
      const url = config.url ?? '';
      if (url === `/api/items/by-serial/${a.serial}`) return { status: 200, data: a };
      if (url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
      if (url === '/api/product-models') return { status: 200, data: { items: [cable], nextCursor: null } };
      if (url === '/api/sales') {
        const line = (n: number, fields: object) => ({
          line: n,
          itemTypeName: 'Phone',
          brandName: null,
          discount: 0,
          tax: 0,
          warrantyEndsAt: null,
          returnedAt: null,
          ...fields,
        });
        return {
          status: 201,
          data: {
            id: 's2',
            number: 43,
            customerId: null,
            customerName: null,
            sellerId: 'u1',
            sellerName: 'rapidseller',
            net: 115,
            tax: 0,
            total: 115,
            currency: 'USD',
            taxRate: 0,
            note: null,
            createdAt: '2026-03-01T10:00:00Z',
            lines: [
              line(1, {
                itemId: 'a',
                serial: 'SN-A',
                modelId: null,
                quantity: 1,
                model: 'Model A',
                price: 100,
                net: 100,
                total: 100,
              }),
              line(2, {
                itemId: null,
                serial: null,
                modelId: 'm1',
                quantity: 3,
                model: 'USB-C cable',
                price: 15,
                net: 15,
                total: 15,
              }),
            ],
          },
        };
      }
      return { status: 404, data: { message: 'Item not found' } };
    });
    renderAt('/actions/multi-sale');
    const scan = await scanIntoCart('SN-A');
    await userEvent.type(scan, '8690001{Enter}');
    expect(await screen.findByText('1 × USB-C cable in the cart.')).toBeInTheDocument();
    await userEvent.type(scan, '8690001{Enter}');
    expect(await screen.findByText('2 × USB-C cable in the cart.')).toBeInTheDocument();
    // Only the first scan asked the API what the code is: the second added to the line on screen.
    expect(calls.filter((call) => call.url === '/api/product-models')).toHaveLength(1);
    const quantity = screen.getByLabelText('Quantity of USB-C cable');
    expect(quantity).toHaveValue('2');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$110.00');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    expect(screen.getByText('A whole number, 1 or more.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sell 2 items' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$115.00');
    await userEvent.click(screen.getByRole('button', { name: 'Sell 2 items' }));
    const receipt = await screen.findByRole('region', { name: 'Receipt — sale #43' });
    expect(within(receipt).getByText('3 × $5.00')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      lines: [
        { itemId: 'a', price: 100, discount: 0 },
        { modelId: 'm1', quantity: 3, price: 5 },
      ],
      customerId: null,
    });
  });

  it('is forbidden to a Storekeeper', async () => {
    signInAs(ROLES.storekeeper);
    api();
    renderAt('/actions/multi-sale');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});
