import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, refusal, renderAt, signIn, type Call, type Reply } from './support/harness';

const at = '2025-03-01T10:00:00Z';
const ROLE_NAMES = ['Account Manager', 'Admin', 'Company Owner', 'New Item Operator', 'Rapid Seller', 'Storekeeper'];

type User = {
  id: string;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  profilePictureUrl: string | null;
  roles: string[];
  active: boolean;
  createdAt: string;
};
let users: User[];
let seats: { used: number; max: number; planName: string };

const user = (id: string, userName: string, firstName: string, roles: string[]): User => ({
  id,
  userName,
  email: `${userName}@example.com`,
  firstName,
  lastName: 'Demir',
  profilePictureUrl: null,
  roles,
  active: true,
  createdAt: at,
});

function usersApi(extra?: (call: Call) => Reply | undefined) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.url === '/api/users') return { status: 200, data: users };
    if (call.method === 'GET' && call.url === '/api/users/limit') return { status: 200, data: seats };
    if (call.method === 'GET' && call.url === '/api/roles')
      return { status: 200, data: ROLE_NAMES.map((name, i) => ({ id: `r${i}`, name, builtIn: true, userCount: 1 })) };
    const switched = /^\/api\/users\/(\w+)\/(deactivate|reactivate)$/.exec(call.url);
    if (switched && call.method === 'POST') {
      users = users.map((u) => (u.id === switched[1] ? { ...u, active: switched[2] === 'reactivate' } : u));
      return { status: 200, data: users.find((u) => u.id === switched[1]) };
    }
    const put = /^\/api\/users\/(\w+)\/roles$/.exec(call.url);
    if (put && call.method === 'PUT') {
      const { roles } = call.body as { roles: string[] };
      users = users.map((u) => (u.id === put[1] ? { ...u, roles: [...roles].sort() } : u));
      return { status: 200, data: { userId: put[1], roles } };
    }
    return undefined;
  });
}

beforeEach(() => {
  users = [user('u1', 'owner', 'Oya', ['Company Owner']), user('u2', 'store', 'Selim', ['Storekeeper'])];
  seats = { used: 2, max: 3, planName: 'Free Plan' };
});

describe('/settings/users', () => {
  test('lists the users with their roles and the seats in use; inviting goes to the invitations', async () => {
    signIn(['Company Owner']);
    usersApi();
    renderAt('/settings/users');
    expect(await screen.findByText('Selim Demir')).toBeInTheDocument();
    expect(screen.getByText('store@example.com')).toBeInTheDocument();
    expect(screen.getByText('Storekeeper')).toBeInTheDocument();
    expect(screen.getByText('Company Owner')).toBeInTheDocument();
    expect(await screen.findByText('2 of 3 used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite user' })).toHaveAttribute('href', '/settings/invitations');
  });

  test('gives and takes roles: the dialog starts from the user’s roles and the list follows the save', async () => {
    const u = userEvent.setup();
    signIn(['Company Owner']);
    const calls = usersApi();
    renderAt('/settings/users');
    await u.click(await screen.findByRole('button', { name: 'Change the roles of Selim Demir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Selim Demir' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Storekeeper' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Rapid Seller' })).not.toBeChecked();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Storekeeper' }));
    await u.click(within(dialog).getByRole('checkbox', { name: 'Rapid Seller' }));
    await u.click(within(dialog).getByRole('checkbox', { name: 'Account Manager' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/users/u2/roles');
    expect(put.body).toEqual({ roles: ['Rapid Seller', 'Account Manager'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Rapid Seller')).toBeInTheDocument();
    expect(screen.getByText('Account Manager')).toBeInTheDocument();
    expect(screen.queryByText('Storekeeper')).not.toBeInTheDocument();
  });

  test('the last owner cannot stop being one: the API’s words on the roles, the dialog stays open', async () => {
    const u = userEvent.setup();
    signIn(['Company Owner']);
    usersApi((call) =>
      call.method === 'PUT'
        ? refusal(409, 'The company needs at least one Company Owner.', { field: 'roles' })
        : undefined,
    );
    renderAt('/settings/users');
    await u.click(await screen.findByRole('button', { name: 'Change the roles of Oya Demir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Oya Demir' });
    await u.click(await within(dialog).findByRole('checkbox', { name: 'Company Owner' }));
    expect(
      within(dialog).getByText('A user without roles can sign in but reaches only their own profile.'),
    ).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The company needs at least one Company Owner.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Roles of Oya Demir' })).toBeInTheDocument();
  });

  test('an Admin cannot give or take Company Owner, and a refusal beyond their claims is shown in words', async () => {
    const u = userEvent.setup();
    signIn(['Admin']);
    const calls = usersApi((call) =>
      call.method === 'PUT'
        ? refusal(403, 'You cannot give a role granting what you do not hold yourself: billing.manage.')
        : undefined,
    );
    renderAt('/settings/users');
    await u.click(await screen.findByRole('button', { name: 'Change the roles of Oya Demir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Oya Demir' });
    const owner = await within(dialog).findByRole('checkbox', { name: 'Company Owner' });
    expect(owner).toBeChecked();
    expect(owner).toBeDisabled();
    expect(within(dialog).getByText('Only a Company Owner can give or take this role.')).toBeInTheDocument();

    await u.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The owner role is kept as it was: an Admin's save never takes it.
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ roles: ['Company Owner', 'Admin'] });
    expect(
      await within(dialog).findByText('You cannot give a role granting what you do not hold yourself: billing.manage.'),
    ).toBeInTheDocument();
  });

  test('a failed list offers Retry; a refused one says the roles do not allow it', async () => {
    const u = userEvent.setup();
    signIn(['Admin']);
    let fail = true;
    usersApi((call) =>
      call.url === '/api/users' && fail ? refusal(500, 'Something went wrong on our side.') : undefined,
    );
    const first = renderAt('/settings/users');
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Selim Demir')).toBeInTheDocument();
    first.unmount();

    signIn(['Storekeeper']);
    usersApi((call) => (call.method === 'GET' ? refusal(403, 'You may not do this.') : undefined));
    renderAt('/settings/users');
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('You do not have access to this screen');
    expect(screen.queryByRole('link', { name: 'Invite user' })).not.toBeInTheDocument();
  });

  test('deactivates a user and reactivates them; neither the owner nor yourself can be deactivated', async () => {
    signIn(['Company Owner']); // signed in as "admin" (the harness's user)
    users = [...users, user('u3', 'admin', 'Ada', ['Admin'])];
    const calls = usersApi();
    renderAt('/settings/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Selim Demir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Selim Demir?' });
    expect(dialog).toHaveTextContent('the sessions they have open stop working');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/users/u2/deactivate');
    expect(screen.queryByRole('button', { name: 'Deactivate Oya Demir' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Ada Demir' })).not.toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Selim Demir' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(screen.queryByText('Deactivated')).not.toBeInTheDocument());
  });

  test('a refused deactivation says why in the dialog', async () => {
    signIn(['Admin']);
    usersApi((call) =>
      call.method === 'POST' ? refusal(409, 'store is a Company Owner and cannot be deactivated.') : undefined,
    );
    renderAt('/settings/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Selim Demir' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText('store is a Company Owner and cannot be deactivated.')).toBeInTheDocument();
  });
});
