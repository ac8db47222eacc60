import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, refusal, renderAt, signIn } from './support/harness';

const at = '2025-03-01T10:00:00Z';
type Row = {
  id: string;
  name: string;
  kind: string;
  builtIn: boolean;
  fromStatuses: string[];
  toStatus: string | null;
  defaultFromLocationId: string | null;
  defaultToLocationId: string | null;
  customerRequired: boolean;
  printLabel: boolean;
  active: boolean;
  createdAt: string;
};
const row = (id: string, name: string, kind: string, builtIn: boolean, from: string[], to: string | null): Row => ({
  id,
  name,
  kind,
  builtIn,
  fromStatuses: from,
  toStatus: to,
  defaultFromLocationId: null,
  defaultToLocationId: null,
  customerRequired: false,
  printLabel: false,
  active: true,
  createdAt: at,
});
let rows: Row[];
const STATUSES = ['in_stock', 'in_process', 'reserved', 'in_transit', 'sold', 'returned', 'defective', 'scrapped'];

function typesApi() {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/transaction-types')
      return { status: 200, data: { items: rows, total: rows.length } };
    if (call.method === 'GET' && call.url === '/api/statuses')
      return {
        status: 200,
        data: {
          items: STATUSES.map((key) => ({
            key,
            name: key === 'in_stock' ? 'On the shelf' : key,
            defaultName: key,
          })),
        },
      };
    if (call.method === 'GET' && call.url === '/api/locations')
      return {
        status: 200,
        data: {
          items: [{ id: 'l1', name: 'Workshop', kind: 'store', parentId: null, active: true, createdAt: at }],
          total: 1,
        },
      };
    if (call.method === 'POST' && call.url === '/api/transaction-types') {
      const created = { ...row(`t${rows.length + 1}`, '', 'process', false, [], null), ...(call.body as object) };
      rows = [...rows, created];
      return { status: 201, data: created };
    }
    const one = /^\/api\/transaction-types\/(\w+)$/.exec(call.url);
    if (one && call.method === 'PUT') {
      rows = rows.map((r) => (r.id === one[1] ? { ...r, ...(call.body as object) } : r));
      return { status: 200, data: rows.find((r) => r.id === one[1]) };
    }
    if (one && call.method === 'DELETE') {
      rows = rows.filter((r) => r.id !== one[1]);
      return { status: 204 };
    }
    return undefined;
  });
}

beforeEach(() => {
  signIn(['Admin']);
  rows = [
    row('sell', 'Sell', 'sell', true, ['in_stock', 'returned'], 'sold'),
    row('repair', 'Repair', 'process', true, ['in_process', 'defective'], 'in_stock'),
    row('qc', 'Quality check', 'process', false, ['in_stock'], 'in_process'),
  ];
});

describe('/settings/transaction-types', () => {
  test('lists built-in and own types with the company’s status names; built-ins cannot be deleted', async () => {
    typesApi();
    renderAt('/settings/transaction-types');
    expect(await screen.findByText('Quality check')).toBeInTheDocument();
    expect(screen.getAllByText('built-in')).toHaveLength(2);
    expect(screen.getByText('On the shelf, returned')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Sell' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Quality check' })).toBeInTheDocument();
  });

  test('creates a type: the form asks what the API asks, and sends it', async () => {
    const user = userEvent.setup();
    const calls = typesApi();
    renderAt('/settings/transaction-types');
    await user.click(await screen.findByRole('button', { name: 'Add transaction type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction type' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Send to repair');
    // no source status: refused before the API is asked
    await user.click(within(dialog).getByRole('checkbox', { name: 'On the shelf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one status an item may be in.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'defective' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Default destination location/ }));
    await user.click(await screen.findByRole('option', { name: 'Workshop' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Print a label' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Send to repair',
      kind: 'process',
      fromStatuses: ['defective'],
      toStatus: 'in_process',
      defaultFromLocationId: null,
      defaultToLocationId: 'l1',
      customerRequired: false,
      printLabel: true,
      active: true,
    });
    expect(await screen.findByText('Send to repair')).toBeInTheDocument();
  });

  test('a built-in sale keeps its statuses: they are shown but not sent', async () => {
    const user = userEvent.setup();
    const calls = typesApi();
    renderAt('/settings/transaction-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Sell' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sell' });
    expect(within(dialog).getByText(/its statuses are fixed/)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'On the shelf' })).toBeDisabled();
    await user.click(within(dialog).getByRole('switch', { name: 'Customer required' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Sell', customerRequired: true });
    expect(body).not.toHaveProperty('fromStatuses');
    expect(body).not.toHaveProperty('toStatus');
  });

  test('the API’s refusal is shown on the field it names', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.method === 'PUT'
        ? refusal(400, 'toStatus: only a sale makes an item sold', { field: 'toStatus' })
        : call.url === '/api/transaction-types'
          ? { status: 200, data: { items: rows, total: rows.length } }
          : undefined,
    );
    renderAt('/settings/transaction-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Quality check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Quality check' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // On the field it names, without the API's field prefix.
    const to = within(dialog).getByRole('combobox', { name: /Resulting status/ });
    expect(await within(dialog).findByText('Only a sale makes an item sold')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
  });

  test('a forbidden list says so', async () => {
    mockApi(() => refusal(403, 'This needs settings.manage.'));
    renderAt('/settings/transaction-types');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
  });
});
