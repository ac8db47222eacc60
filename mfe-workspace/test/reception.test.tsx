import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { expandRange, parseSerials } from '../src/features/reception/lib/serials';
import { renderAt, signInAs } from './helpers';

const phone = {
  id: 't1',
  name: 'Phone',
  serialRequired: true,
  warrantyMonths: 24,
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  fields: [
    { key: 'color', label: 'Colour', type: 'select', required: true, options: ['Black', 'White'] },
    { key: 'storage', label: 'Storage (GB)', type: 'number', required: false },
  ],
};

const general = { ...phone, id: 't0', name: 'General', warrantyMonths: 0, fields: [] };
const location = (id: string, name: string) => ({
  id,
  name,
  kind: 'store',
  parentId: null,
  active: true,
  createdAt: '',
});

/** Two types and two locations unless told: a choice to make, as in a company past its first day. */
function api(
  receive: (body: { serials: string[] }) => { status: number; data: unknown } = () => ({
    status: 201,
    data: { items: [] },
  }),
  { types = [general, phone], locations = [location('l1', 'Main store'), location('l2', 'Back room')] } = {},
) {
  return mockApi((config) => {
    switch (config.url) {
      case '/api/item-types':
        return { status: 200, data: { items: types, total: types.length } };
      case '/api/brands':
        return { status: 200, data: { items: [{ id: 'b1', name: 'Acme', createdAt: '' }], total: 1 } };
      case '/api/locations':
        return { status: 200, data: { items: locations, total: locations.length } };
      case '/api/items/receive':
        return receive(JSON.parse(config.data as string) as { serials: string[] });
      default:
        return { status: 404, data: { message: 'unexpected' } };
    }
  });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

// MUI selects and a whole form per keystroke in jsdom, on a shared 2-core machine.
jest.setTimeout(60_000);
// The first render loads the whole screen: past the default second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(async () => {
  signInAs(ROLES.newItemOperator);
  await act(() => i18n.changeLanguage('en'));
});

describe('serials', () => {
  it('expands a range keeping the prefix and the digit width', () => {
    expect(expandRange('SN-0008', 'SN-0011')).toEqual(['SN-0008', 'SN-0009', 'SN-0010', 'SN-0011']);
    expect(expandRange('A-5', 'B-9')).toBe('badRange');
    expect(expandRange('SN-9', 'SN-1')).toBe('badRange');
    expect(expandRange('SN-1', 'SN-20000')).toBe('rangeTooLarge');
  });

  it('reads lines and ranges, and flags duplicates whatever their case', () => {
    const parsed = parseSerials('SN-0001..SN-0003\n\n  x-1 \nX-1\nSN-0002');
    expect(parsed.serials).toEqual(['SN-0001', 'SN-0002', 'SN-0003', 'x-1', 'X-1', 'SN-0002']);
    expect(parsed.duplicates).toEqual(['X-1', 'SN-0002']);
    expect(parsed.problems).toEqual([]);
  });
});

describe('/actions/inventory-reception', () => {
  it('receives a batch with a range: the type’s own fields, a running count, all serials in one call', async () => {
    const calls = api((body) => ({ status: 201, data: { items: body.serials.map((serial) => ({ serial })) } }));
    renderAt('/actions/inventory-reception');
    await screen.findByRole('combobox', { name: /^Item type/ });
    await choose('Item type', 'Phone');
    expect(screen.getByLabelText('Warranty (months)')).toHaveValue('24');
    await choose('Location', 'Main store');
    await choose('Colour', 'White');
    await userEvent.type(screen.getByLabelText('Storage (GB)'), '128');
    await userEvent.type(screen.getByLabelText('Sale price'), '1499,99');
    const serials = screen.getByRole('textbox', { name: 'Serials' });
    await userEvent.click(serials);
    await userEvent.paste('SN-0001..SN-0020\nEXTRA-1\n');
    expect(await screen.findByText('21 serials')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Receive 21 items' }));
    expect(await screen.findByText('Received 21 items at Main store.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      itemTypeId: 't1',
      locationId: 'l1',
      salePrice: 1499.99,
      warrantyMonths: 24,
      fields: { color: 'White', storage: 128 },
    });
    expect((post?.body as { serials: string[] }).serials).toHaveLength(21);
    expect((post?.body as { serials: string[] }).serials.slice(0, 2)).toEqual(['SN-0001', 'SN-0002']);
  });

  it('asks a New Item Operator for no cost (the API refuses one without items.cost.view); an owner for one', async () => {
    const calls = api((body) => ({ status: 201, data: { items: body.serials.map((serial) => ({ serial })) } }));
    const { unmount } = renderAt('/actions/inventory-reception');
    await screen.findByLabelText('Sale price');
    expect(screen.queryByLabelText('Cost')).not.toBeInTheDocument();
    expect(screen.getByText(/^serial,itemType,location/)).toHaveTextContent(
      'serial,itemType,location,brand,model,sku,salePrice,warrantyMonths,vendor,fields.<key>',
    );
    unmount();
    signInAs(ROLES.companyOwner);
    renderAt('/actions/inventory-reception');
    await screen.findByRole('combobox', { name: /^Item type/ });
    await choose('Item type', 'Phone');
    await choose('Location', 'Main store');
    await choose('Colour', 'White');
    await userEvent.type(screen.getByLabelText('Cost'), '99.50');
    await userEvent.click(screen.getByRole('textbox', { name: 'Serials' }));
    await userEvent.paste('SN-0100\n');
    await userEvent.click(await screen.findByRole('button', { name: 'Receive 1 item' }));
    await screen.findByText(/Received 1 item/);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ cost: 99.5 });
  });

  it('flags duplicates as they are typed and sends nothing while they remain', async () => {
    const calls = api();
    renderAt('/actions/inventory-reception');
    await screen.findByRole('combobox', { name: /^Item type/ });
    await choose('Item type', 'Phone');
    await choose('Location', 'Main store');
    await choose('Colour', 'Black');
    await userEvent.click(screen.getByRole('textbox', { name: 'Serials' }));
    await userEvent.paste('A-1\nA-2\nA-1');
    expect(await screen.findByText('Given more than once: A-1')).toBeInTheDocument();
    expect(screen.getByText('3 serials')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Receive 3 items' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('requires the type, the location and the type’s required fields', async () => {
    const calls = api();
    renderAt('/actions/inventory-reception');
    await screen.findByRole('combobox', { name: /^Item type/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Serials' }), 'A-1');
    await userEvent.click(screen.getByRole('button', { name: 'Receive 1 item' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    // The first field in error takes focus, to be fixed from the keyboard.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Item type/ })).toHaveFocus());
    await choose('Item type', 'Phone');
    await choose('Location', 'Main store');
    await userEvent.click(screen.getByRole('button', { name: 'Receive 1 item' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement?.closest('.Mui-error')).not.toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the API’s refusal when a serial already exists (nothing created)', async () => {
    api(() => ({
      status: 409,
      data: { message: 'A-1: an item with this serial already exists. Nothing was changed.', code: 'ITEMS_REFUSED' },
    }));
    renderAt('/actions/inventory-reception');
    await screen.findByRole('combobox', { name: /^Item type/ });
    await choose('Item type', 'Phone');
    await choose('Location', 'Main store');
    await choose('Colour', 'Black');
    await userEvent.type(screen.getByRole('textbox', { name: 'Serials' }), 'A-1');
    await userEvent.click(screen.getByRole('button', { name: 'Receive 1 item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A-1: an item with this serial already exists.');
    expect(screen.getByRole('textbox', { name: 'Serials' })).toHaveValue('A-1');
  });

  it('a new company’s only item type and only location are chosen already: type serials, press Receive', async () => {
    const calls = api((body) => ({ status: 201, data: { items: body.serials.map((serial) => ({ serial })) } }), {
      types: [general],
      locations: [location('l1', 'Main store')],
    });
    renderAt('/actions/inventory-reception');
    // What is left to do has the focus: the serials.
    const serials = await screen.findByRole('textbox', { name: 'Serials' });
    await waitFor(() => expect(serials).toHaveFocus());
    expect(screen.getByRole('combobox', { name: /^Item type/ })).toHaveTextContent('General');
    expect(screen.getByRole('combobox', { name: /^Location/ })).toHaveTextContent('Main store');
    await userEvent.paste('FIRST-1\nFIRST-2\n');
    await userEvent.click(await screen.findByRole('button', { name: 'Receive 2 items' }));
    expect(await screen.findByText('Received 2 items at Main store.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      itemTypeId: 't0',
      locationId: 'l1',
      serials: ['FIRST-1', 'FIRST-2'],
    });
  });

  it('offers Retry when the catalogue cannot be loaded', async () => {
    let fail = true;
    mockApi((config) => {
      if (fail) return { status: 500, data: { message: 'Database unavailable' } };
      if (config.url === '/api/item-types') return { status: 200, data: { items: [phone], total: 1 } };
      return { status: 200, data: { items: [], total: 0 } };
    });
    renderAt('/actions/inventory-reception');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/There are no locations yet/)).toBeInTheDocument();
  });

  it('is forbidden to a Rapid Seller', async () => {
    signInAs(ROLES.rapidSeller);
    api();
    renderAt('/actions/inventory-reception');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});

describe('reception against a purchase order’s line of a model tracked by quantity', () => {
  const line = (
    modelId: string,
    modelName: string,
    trackedByQuantity: boolean,
    quantity: number,
    received: number,
  ) => ({
    modelId,
    modelName,
    itemTypeId: 't0',
    itemTypeName: 'General',
    brandId: null,
    brandName: null,
    trackedByQuantity,
    quantity,
    received,
    due: quantity - received,
  });
  const order = (caseReceived: number) => ({
    id: 'po1',
    number: 7,
    reference: 'PO-0007',
    vendorId: 'v1',
    vendorName: 'Parts Ltd',
    vendorEmail: null,
    status: 'partly_received',
    note: null,
    currency: 'USD',
    quantity: 11,
    received: caseReceived,
    createdBy: 'keeper',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    sentAt: '2026-11-26T10:00:00.000Z',
    sentTo: null,
    cancelledAt: null,
    lines: [line('m1', 'X1', false, 1, 0), line('m9', 'Clear case', true, 10, caseReceived)],
  });

  function orderApi(answer: (body: { quantity: number }) => { status: number; data: unknown }) {
    return mockApi((config) => {
      switch (config.url) {
        case '/api/item-types':
          return { status: 200, data: { items: [general], total: 1 } };
        case '/api/brands':
          return { status: 200, data: { items: [], total: 0 } };
        case '/api/locations': {
          const locations = [location('l1', 'Main store'), location('l2', 'Back room')];
          return { status: 200, data: { items: locations, total: 2 } };
        }
        case '/api/purchase-orders':
          return { status: 200, data: { items: [order(4)], nextCursor: null } };
        case '/api/purchase-orders/po1':
          return { status: 200, data: order(4) };
        case '/api/purchase-orders/po1/receive':
          return answer(JSON.parse(config.data as string) as { quantity: number });
        default:
          return { status: 404, data: { message: 'unexpected' } };
      }
    });
  }

  it('asks how many came in instead of serials, checks it against what is due, and receives it', async () => {
    const calls = orderApi((body) => ({
      status: 201,
      data: { items: [], order: order(4 + body.quantity), stock: { modelId: 'm9', onHand: body.quantity } },
    }));
    renderAt('/actions/inventory-reception?order=po1');
    await choose('What is being received', 'Clear case — 6 of 10 still due');
    // A number, not serials: the serials, item details and photos are not asked for.
    const quantity = await screen.findByRole('textbox', { name: /^Quantity received/ });
    expect(quantity).toHaveValue('6');
    expect(screen.queryByRole('textbox', { name: 'Serials' })).not.toBeInTheDocument();
    expect(screen.getByText('6 of 10 still due')).toBeInTheDocument();

    // More than is due, or no location: said on the form, nothing sent.
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Only 6 still due on the order.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await choose('Location', 'Back room');
    await userEvent.type(screen.getByRole('textbox', { name: /^Note/ }), 'Box 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Received 5 × Clear case at Back room against PO-0007.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { modelId: 'm9', locationId: 'l2', quantity: 5, note: 'Box 1 of 2' },
    ]);
    // What is left due is the next reception's quantity.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Quantity received/ })).toHaveValue('1'));
  });

  it('shows the API’s refusal (another till received first) and receives nothing more', async () => {
    orderApi(() => ({
      status: 409,
      data: {
        code: 'PURCHASE_ORDER_OVER_RECEIVED',
        message:
          'PO-0007 has 2 of Clear case still due: 6 is more than ordered. Receive 2 against it and the rest without the order.',
      },
    }));
    renderAt('/actions/inventory-reception?order=po1');
    await choose('What is being received', 'Clear case — 6 of 10 still due');
    await choose('Location', 'Main store');
    await userEvent.click(await screen.findByRole('button', { name: 'Receive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'PO-0007 has 2 of Clear case still due: 6 is more than ordered.',
    );
    // A line tracked by unit is still received by serial.
    await choose('What is being received', 'X1 — 1 of 1 still due');
    expect(await screen.findByRole('textbox', { name: 'Serials' })).toBeInTheDocument();
  });
});
