import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, refusal, renderAt, signIn, type Call, type Reply } from './support/harness';

type Claim = { type: 'permission' | 'transaction-type'; value: string };
const at = '2025-03-01T10:00:00Z';
const ROLE_LIST = [
  { id: 'owner', name: 'Company Owner', builtIn: true, userCount: 1 },
  { id: 'store', name: 'Storekeeper', builtIn: true, userCount: 2 },
  { id: 'seller', name: 'Rapid Seller', builtIn: true, userCount: 1 },
];
const type = (id: string, name: string, active = true) => ({
  id,
  name,
  kind: 'process',
  builtIn: true,
  fromStatuses: [],
  toStatus: null,
  defaultFromLocationId: null,
  defaultToLocationId: null,
  customerRequired: false,
  printLabel: false,
  active,
  createdAt: at,
});
const TYPES = [type('t-move', 'Move'), type('t-sell', 'Sell'), type('t-repair', 'Repair', false)];

let claims: Record<string, Claim[]>;

function claimsApi(extra?: (call: Call) => Reply | undefined) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.url === '/api/roles') return { status: 200, data: ROLE_LIST };
    if (call.method === 'GET' && call.url === '/api/transaction-types')
      return { status: 200, data: { items: TYPES, total: TYPES.length } };
    if (call.method === 'PUT' && call.url === '/api/roles/claims') {
      const roles = (call.body as { roles: Array<{ roleId: string; claims: Claim[] }> }).roles;
      for (const role of roles) claims[role.roleId] = role.claims;
      return { status: 200, data: roles.map((r) => ({ ...r, implicit: false })) };
    }
    const one = /^\/api\/roles\/(\w+)\/claims$/.exec(call.url);
    if (one && call.method === 'GET') {
      const implicit = one[1] === 'owner';
      const all = [
        { type: 'permission', value: 'items.view' },
        ...TYPES.map((t) => ({ type: 'transaction-type', value: t.id })),
      ];
      return { status: 200, data: { roleId: one[1], implicit, claims: implicit ? all : claims[one[1]!] } };
    }
    return undefined;
  });
}

const cell = (role: string, typeName: string) => screen.getByRole('checkbox', { name: `${role} may run ${typeName}` });

beforeEach(() => {
  claims = {
    store: [
      { type: 'permission', value: 'items.view' },
      { type: 'permission', value: 'items.process' },
      { type: 'transaction-type', value: 't-move' },
      { type: 'transaction-type', value: 't-repair' },
    ],
    seller: [
      { type: 'permission', value: 'items.sell' },
      { type: 'transaction-type', value: 't-sell' },
    ],
  };
});

describe('/settings/role-claims', () => {
  test('shows each role’s transaction types; the Company Owner runs all and cannot be changed', async () => {
    signIn(['Admin']);
    claimsApi();
    renderAt('/settings/role-claims');
    await screen.findByRole('table', { name: 'Roles and Transaction Type Access' });
    expect(await screen.findByRole('checkbox', { name: 'Storekeeper may run Move' })).toBeChecked();
    expect(cell('Storekeeper', 'Sell')).not.toBeChecked();
    expect(cell('Storekeeper', 'Repair')).toBeChecked();
    expect(cell('Rapid Seller', 'Sell')).toBeChecked();
    expect(cell('Rapid Seller', 'Move')).not.toBeChecked();
    for (const name of ['Move', 'Sell', 'Repair']) {
      expect(cell('Company Owner', name)).toBeChecked();
      expect(cell('Company Owner', name)).toBeDisabled();
    }
    expect(screen.getByText('inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save access' })).toBeDisabled();
  });

  test('saves every changed role in one action, keeping each role’s permissions', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    const calls = claimsApi();
    renderAt('/settings/role-claims');
    await user.click(await screen.findByRole('checkbox', { name: 'Storekeeper may run Repair' }));
    await user.click(cell('Rapid Seller', 'Move'));
    // A change undone is no change.
    await user.click(cell('Storekeeper', 'Sell'));
    await user.click(cell('Storekeeper', 'Sell'));
    expect(screen.getByText('Unsaved changes for: Storekeeper, Rapid Seller')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save access' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/roles/claims');
    expect(put.body).toEqual({
      roles: [
        {
          roleId: 'store',
          claims: [
            { type: 'permission', value: 'items.view' },
            { type: 'permission', value: 'items.process' },
            { type: 'transaction-type', value: 't-move' },
          ],
        },
        {
          roleId: 'seller',
          claims: [
            { type: 'permission', value: 'items.sell' },
            { type: 'transaction-type', value: 't-move' },
            { type: 'transaction-type', value: 't-sell' },
          ],
        },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save access' })).toBeDisabled());
    // What the API now holds is shown.
    expect(cell('Storekeeper', 'Repair')).not.toBeChecked();
    expect(cell('Rapid Seller', 'Move')).toBeChecked();
  });

  test('Discard puts every box back as saved', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    const calls = claimsApi();
    renderAt('/settings/role-claims');
    await user.click(await screen.findByRole('checkbox', { name: 'Storekeeper may run Sell' }));
    expect(cell('Storekeeper', 'Sell')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(cell('Storekeeper', 'Sell')).not.toBeChecked();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test('a refusal says why and that nothing was saved; every change stays to fix and save', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    claimsApi((call) =>
      call.method === 'PUT' && call.url === '/api/roles/claims'
        ? refusal(403, 'You cannot grant what you do not hold yourself: transaction-type t-move.')
        : undefined,
    );
    renderAt('/settings/role-claims');
    await user.click(await screen.findByRole('checkbox', { name: 'Storekeeper may run Sell' }));
    await user.click(cell('Rapid Seller', 'Move'));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    expect(
      await screen.findByText(
        'Nothing was saved: You cannot grant what you do not hold yourself: transaction-type t-move.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes for: Storekeeper, Rapid Seller')).toBeInTheDocument();
    expect(cell('Storekeeper', 'Sell')).toBeChecked();
    expect(cell('Rapid Seller', 'Move')).toBeChecked();
  });

  test('a failed load offers Retry; a refused one says the roles do not allow it', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    let fail = true;
    claimsApi((call) =>
      call.url === '/api/transaction-types' && fail ? refusal(500, 'Something went wrong on our side.') : undefined,
    );
    const first = renderAt('/settings/role-claims');
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Storekeeper may run Move' })).toBeChecked();
    first.unmount();

    signIn(['Storekeeper']);
    claimsApi((call) => (call.method === 'GET' ? refusal(403, 'You may not do this.') : undefined));
    renderAt('/settings/role-claims');
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('You do not have access to this screen');
  });
});
