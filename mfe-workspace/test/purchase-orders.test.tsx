import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, currentLocation, renderAt, signInAs } from './helpers';

// MUI in jsdom on a shared 2-core machine: the default 5 s is too tight under load.
jest.setTimeout(60_000);

// The purchase order form as a storekeeper (purchasing.manage) writes one: a vendor, lines by model
// with quantity and unit cost (empty: the model's), checked before anything is sent.
const vendor = {
  id: 'v1',
  name: 'Parts Ltd',
  isCustomer: false,
  isVendor: true,
  email: 'parts@example.com',
  active: true,
};
const models = [
  { id: 'm1', name: 'X1', brandName: 'Acme', cost: 300 },
  { id: 'm2', name: 'X2', brandName: null, cost: null },
];
const saved = {
  id: 'po1',
  number: 7,
  reference: 'PO-0007',
  vendorId: 'v1',
  vendorName: 'Parts Ltd',
  vendorEmail: 'parts@example.com',
  status: 'draft',
  note: null,
  currency: 'USD',
  quantity: 3,
  received: 0,
  total: 900,
  createdBy: 'keeper',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  sentAt: null,
  sentTo: null,
  cancelledAt: null,
  lines: [
    {
      modelId: 'm1',
      modelName: 'X1',
      itemTypeId: 't1',
      itemTypeName: 'Phone',
      brandId: null,
      brandName: 'Acme',
      quantity: 3,
      unitCost: 300,
      received: 0,
      due: 3,
    },
  ],
};

function api() {
  return mockApi((config) => {
    if (config.url === '/api/access') return accessAnswer(['items.view', 'purchasing.manage']);
    if (config.url === '/api/product-models') return { status: 200, data: { items: models, nextCursor: null } };
    if (config.url === '/api/customers') return { status: 200, data: { items: [vendor], nextCursor: null } };
    if (config.url === '/api/purchase-orders' && config.method === 'post') return { status: 201, data: saved };
    if (config.url === '/api/purchase-orders/po1') return { status: 200, data: saved };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

async function chooseModel(line: number, name: string) {
  const row = (await screen.findAllByTestId('po-line'))[line]!;
  fireEvent.mouseDown(within(row).getByRole('combobox', { name: /^Model/ }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

describe('the purchase order form', () => {
  it('refuses an order without a vendor, a bad quantity, or a model twice, and sends nothing', async () => {
    const calls = api();
    renderAt('/actions/purchase-order');
    await screen.findByRole('heading', { name: 'New purchase order' }, { timeout: 30_000 });
    await chooseModel(0, 'Acme X1');
    const quantity = within(screen.getAllByTestId('po-line')[0]!).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    await chooseModel(1, 'Acme X1');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Choose the vendor.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 1 to 100,000.')).toBeInTheDocument();
    expect(screen.getByText('This model is on another line: put its whole quantity on one.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('writes a draft: vendor, a line at the model’s cost, the total as typed; then opens it', async () => {
    const calls = api();
    renderAt('/actions/purchase-order');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Vendor' }, { timeout: 30_000 }), 'Par');
    await userEvent.click(await screen.findByRole('option', { name: 'Parts Ltd' }));
    await chooseModel(0, 'Acme X1');
    const line = screen.getAllByTestId('po-line')[0]!;
    expect(within(line).getByText(/Model’s cost: \$300\.00/)).toBeInTheDocument();
    const quantity = within(line).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(screen.getByTestId('po-total')).toHaveTextContent('Total: $900.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(currentLocation()).toBe('/actions/purchase-order?id=po1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      vendorId: 'v1',
      note: null,
      lines: [{ modelId: 'm1', quantity: 3, unitCost: null }],
    });
    expect(await screen.findByRole('heading', { name: 'Purchase order PO-0007' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to the vendor' })).toBeEnabled();
  });

  it('finds a model beyond the catalogue’s first 100 by typing, and orders it', async () => {
    const catalogue = Array.from({ length: 150 }, (_, n) => ({
      id: `m${n + 1}`,
      name: `Cable ${String(n + 1).padStart(3, '0')}`,
      brandName: null,
      cost: 2,
      barcode: `86900${n + 1}`,
    }));
    const calls = mockApi((config) => {
      if (config.url === '/api/access') return accessAnswer(['items.view', 'purchasing.manage']);
      if (config.url === '/api/product-models') {
        // As the API does: a case-insensitive fragment of the name or the barcode, a page at a time.
        const { search, limit = 50 } = (config.params ?? {}) as { search?: string; limit?: number };
        const found = catalogue.filter(
          (m) => !search || m.name.toLowerCase().includes(search.toLowerCase()) || m.barcode.includes(search),
        );
        return {
          status: 200,
          data: { items: found.slice(0, limit), nextCursor: found.length > limit ? 'next' : null },
        };
      }
      if (config.url === '/api/customers') return { status: 200, data: { items: [vendor], nextCursor: null } };
      if (config.url === '/api/purchase-orders' && config.method === 'post') return { status: 201, data: saved };
      if (config.url === '/api/purchase-orders/po1') return { status: 200, data: saved };
      return { status: 404, data: { message: 'unexpected' } };
    });
    renderAt('/actions/purchase-order');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Vendor' }, { timeout: 30_000 }), 'Par');
    await userEvent.click(await screen.findByRole('option', { name: 'Parts Ltd' }));
    const line = screen.getAllByTestId('po-line')[0]!;
    await userEvent.type(within(line).getByRole('combobox', { name: /^Model/ }), 'cable 14');
    await userEvent.click(await screen.findByRole('option', { name: 'Cable 142' }, { timeout: 10_000 }));
    expect(within(line).getByText(/Model’s cost: \$2\.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      vendorId: 'v1',
      note: null,
      lines: [{ modelId: 'm142', quantity: 1, unitCost: null }],
    });
  });

  it('says it in Turkish', async () => {
    api();
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/actions/purchase-order');
    expect(
      await screen.findByRole('heading', { name: 'Yeni satın alma siparişi' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    expect(await screen.findByText('Tedarikçiyi seçin.')).toBeInTheDocument();
  });
});
