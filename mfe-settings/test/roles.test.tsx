import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, refusal, renderAt, signIn } from './support/harness';

type Role = { id: string; name: string; builtIn: boolean; userCount: number };
type Claim = { type: string; value: string };
let roles: Role[];
let claims: Record<string, Claim[]>;

function rolesApi(refuse?: { method: string; reply: ReturnType<typeof refusal> }) {
  return mockApi((call) => {
    if (refuse && call.method === refuse.method) return refuse.reply;
    if (call.method === 'GET' && call.url === '/api/roles') return { status: 200, data: roles };
    if (call.method === 'POST' && call.url === '/api/roles') {
      const role = {
        id: `r${roles.length + 1}`,
        name: (call.body as { name: string }).name,
        builtIn: false,
        userCount: 0,
      };
      roles = [...roles, role];
      return { status: 201, data: role };
    }
    const one = /^\/api\/roles\/(\w+)$/.exec(call.url);
    if (one && call.method === 'PUT') {
      roles = roles.map((r) => (r.id === one[1] ? { ...r, ...(call.body as object) } : r));
      return { status: 200, data: roles.find((r) => r.id === one[1]) };
    }
    if (one && call.method === 'DELETE') {
      roles = roles.filter((r) => r.id !== one[1]);
      return { status: 204 };
    }
    const ofRole = /^\/api\/roles\/(\w+)\/claims$/.exec(call.url);
    if (ofRole && call.method === 'GET') {
      const implicit = ofRole[1] === 'owner';
      return {
        status: 200,
        data: {
          roleId: ofRole[1],
          implicit,
          claims: implicit ? [{ type: 'permission', value: 'billing.manage' }] : (claims[ofRole[1]!] ?? []),
        },
      };
    }
    if (ofRole && call.method === 'PUT') {
      claims[ofRole[1]!] = (call.body as { claims: Claim[] }).claims;
      return { status: 200, data: { roleId: ofRole[1], implicit: false, claims: claims[ofRole[1]!] } };
    }
    return undefined;
  });
}

beforeEach(() => {
  signIn(['Admin']);
  roles = [
    { id: 'owner', name: 'Company Owner', builtIn: true, userCount: 1 },
    { id: 'store', name: 'Storekeeper', builtIn: true, userCount: 2 },
    { id: 'qc', name: 'QC Team', builtIn: false, userCount: 0 },
  ];
  claims = {
    store: [
      { type: 'permission', value: 'items.view' },
      { type: 'transaction-type', value: 't-move' },
    ],
    qc: [],
  };
});

describe('/settings/roles', () => {
  test('lists the roles; the built-in ones can be neither renamed nor deleted', async () => {
    rolesApi();
    renderAt('/settings/roles');
    expect(await screen.findByText('QC Team')).toBeInTheDocument();
    expect(screen.getAllByText('built-in')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Rename Storekeeper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Company Owner' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename QC Team' })).toBeInTheDocument();
  });

  test('adds, renames and deletes a role of the company’s own', async () => {
    const user = userEvent.setup();
    const calls = rolesApi();
    renderAt('/settings/roles');
    await user.click(await screen.findByRole('button', { name: 'Add role' }));
    const add = await screen.findByRole('dialog', { name: 'Add role' });
    await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'Auditors');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Auditors')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Rename QC Team' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename QC Team' });
    await user.clear(within(rename).getByRole('textbox', { name: 'Name' }));
    await user.type(within(rename).getByRole('textbox', { name: 'Name' }), 'Quality');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quality')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Quality' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Quality')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/roles',
      'PUT /api/roles/qc',
      'DELETE /api/roles/qc',
    ]);
  });

  test('a refused delete says why', async () => {
    const user = userEvent.setup();
    rolesApi({ method: 'DELETE', reply: refusal(409, '"QC Team" is held by 2 users: take it from them first.') });
    renderAt('/settings/roles');
    await user.click(await screen.findByRole('button', { name: 'Delete QC Team' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('"QC Team" is held by 2 users: take it from them first.'),
    ).toBeInTheDocument();
  });

  test('edits a role’s permissions, keeping its transaction types', async () => {
    const user = userEvent.setup();
    const calls = rolesApi();
    renderAt('/settings/roles');
    await user.click(await screen.findByRole('button', { name: 'Permissions of Storekeeper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Storekeeper' });
    expect(await within(dialog).findByRole('checkbox', { name: 'See items and their history' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Receive items' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/roles/store/claims',
      body: {
        claims: [
          { type: 'permission', value: 'items.view' },
          { type: 'permission', value: 'items.receive' },
          { type: 'transaction-type', value: 't-move' },
        ],
      },
    });
  });

  test('gives a role the cost and margin permission, named in words', async () => {
    const user = userEvent.setup();
    const calls = rolesApi();
    renderAt('/settings/roles');
    await user.click(await screen.findByRole('button', { name: 'Permissions of Storekeeper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Storekeeper' });
    const cost = await within(dialog).findByRole('checkbox', { name: 'See cost and margin' });
    expect(cost).not.toBeChecked();
    await user.click(cost);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      claims: [
        { type: 'permission', value: 'items.view' },
        { type: 'permission', value: 'items.cost.view' },
        { type: 'transaction-type', value: 't-move' },
      ],
    });
  });

  test('a permission beyond the caller’s own is refused in the dialog; the owner’s are shown, not editable', async () => {
    const user = userEvent.setup();
    rolesApi({
      method: 'PUT',
      reply: refusal(403, 'You cannot grant what you do not hold yourself: permission billing.manage.'),
    });
    renderAt('/settings/roles');
    await user.click(await screen.findByRole('button', { name: 'Permissions of QC Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of QC Team' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Manage billing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You cannot grant what you do not hold yourself: permission billing.manage.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Permissions of Company Owner' }));
    const owner = await screen.findByRole('dialog', { name: 'Permissions of Company Owner' });
    expect(await within(owner).findByText(/holds every permission/)).toBeInTheDocument();
    expect(within(owner).getByRole('checkbox', { name: 'Manage billing' })).toBeDisabled();
    expect(within(owner).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
