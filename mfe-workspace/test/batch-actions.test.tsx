import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, renderAt, signInAs } from './helpers';

const type = (id: string, name: string, kind: string, fromStatuses: string[], toStatus: string | null) => ({
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
const types = [
  type('tm', 'Move', 'move', ['in_stock', 'returned', 'defective'], null),
  type('ts', 'Change status', 'status_change', ['in_stock', 'in_process', 'defective'], null),
  type('tt', 'Test', 'process', ['in_stock', 'returned'], 'in_process'),
  type('tr', 'Repair', 'process', ['defective'], 'in_process'),
];
const location = (id: string, name: string) => ({
  id,
  name,
  kind: 'store',
  parentId: null,
  active: true,
  createdAt: '',
});
const a = { ...baseItem, id: 'a', serial: 'SN-A', locationId: 'l1', locationName: 'Main store' };
const b = { ...baseItem, id: 'b', serial: 'SN-B', locationId: 'l2', locationName: 'Airport' };
const sold = { ...baseItem, id: 's', serial: 'SN-S', status: 'sold' };

function api(transaction?: (body: Record<string, unknown>) => { status: number; data: unknown }) {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/transaction-types') return { status: 200, data: { items: types, total: types.length } };
    if (url === '/api/locations')
      return { status: 200, data: { items: [location('l1', 'Main store'), location('l2', 'Airport')], total: 2 } };
    if (url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
    const found = [a, b, sold].find((item) => url === `/api/items/by-serial/${item.serial}`);
    if (found) return { status: 200, data: found };
    if (url.startsWith('/api/items/by-serial/')) return { status: 404, data: { message: 'Item not found' } };
    if (url === '/api/transactions') {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      if (transaction) return transaction(body);
      return { status: 201, data: { events: (body.serials as string[]).map((serial) => ({ serial })) } };
    }
    return { status: 404, data: { message: 'unexpected' } };
  });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function scan(serial: string) {
  const input = screen.getByLabelText('Scan or type a serial');
  await userEvent.type(input, `${serial}{Enter}`);
  await screen.findByText(new RegExp(`${serial} added|No item has the serial “${serial}”|${serial} is already`));
}

jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

describe('/actions/change-location', () => {
  it('moves the scanned items to the destination, flagging one already there', async () => {
    const calls = api();
    renderAt('/actions/change-location');
    await choose('Destination', 'Airport');
    await scan('SN-A');
    await scan('SN-B');
    await scan('SN-A');
    expect(screen.getByText('SN-A is already in the list.')).toBeInTheDocument();
    expect(screen.getByText('already at Airport')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move 2 items' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Remove the items that are not accepted');
    await userEvent.click(screen.getByRole('button', { name: 'Remove SN-B' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move 1 item' }));
    expect(await screen.findByText('Moved 1 item to Airport.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      transactionTypeId: 'tm',
      serials: ['SN-A'],
      toLocationId: 'l2',
    });
    expect(screen.getByLabelText('Scan or type a serial')).toHaveFocus();
  });
  it('takes a scanned location name as the destination, then the items, keyboard only', async () => {
    const calls = api();
    renderAt('/actions/change-location');
    const input = await screen.findByLabelText('Scan or type a serial');
    await userEvent.type(input, 'airport{Enter}');
    expect(await screen.findByText('Destination: Airport. Now scan the items.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Destination/ })).toHaveTextContent('Airport');
    expect(input).toHaveValue('');
    await scan('SN-A');
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Moved 1 item to Airport.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      transactionTypeId: 'tm',
      serials: ['SN-A'],
      toLocationId: 'l2',
    });
    // A location name is no serial: nothing was looked up for it.
    expect(calls.some((call) => call.url.includes('by-serial/airport'))).toBe(false);
    expect(input).toHaveFocus();
  });
});

describe('/item-status/status-change', () => {
  it('needs a new status and a reason, then changes all scanned items', async () => {
    const calls = api();
    renderAt('/item-status/status-change');
    await screen.findByLabelText('Scan or type a serial');
    await scan('SN-A');
    await userEvent.click(screen.getByRole('button', { name: 'Change 1 item' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await choose('New status', 'Defective');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Cracked screen');
    await userEvent.click(screen.getByRole('button', { name: 'Change 1 item' }));
    expect(await screen.findByText('1 item is now Defective.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      transactionTypeId: 'ts',
      serials: ['SN-A'],
      toStatus: 'defective',
      note: 'Cracked screen',
    });
  });
});

describe('/actions/item-process', () => {
  it('shows whether the chosen process takes each item, and the API’s refusal in its words', async () => {
    api(() => ({ status: 409, data: { message: 'SN-A: in stock items cannot be repaired. Nothing was changed.' } }));
    renderAt('/actions/item-process');
    await screen.findByLabelText('Scan or type a serial');
    await scan('SN-A');
    await scan('SN-S');
    expect(screen.getByText('Test does not take Sold items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove SN-S' }));
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run on 1 item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SN-A: in stock items cannot be repaired. Nothing was changed.',
    );
  });

  it('says when a scanned serial does not exist', async () => {
    api();
    renderAt('/actions/item-process');
    await screen.findByLabelText('Scan or type a serial');
    await scan('NOPE');
    expect(screen.getByRole('alert')).toHaveTextContent('No item has the serial “NOPE”.');
  });

  it('is forbidden to a Rapid Seller', async () => {
    signInAs(ROLES.rapidSeller);
    api();
    renderAt('/actions/item-process');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});

describe('transaction-type claims (GET /api/access)', () => {
  it('offers only the process types the caller’s role claims allow', async () => {
    mockApi((config) => {
      if (config.url === '/api/access') return accessAnswer(['items.view', 'items.process'], ['tr']);
      if (config.url === '/api/transaction-types') return { status: 200, data: { items: types, total: types.length } };
      if (config.url === '/api/locations') return { status: 200, data: { items: [], total: 0 } };
      if (config.url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
      return { status: 404, data: { message: 'unexpected' } };
    });
    renderAt('/actions/item-process');
    await screen.findByText('Repair');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Transaction type/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Repair']);
  });
});
