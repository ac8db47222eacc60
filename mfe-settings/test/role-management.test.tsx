import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, refusal, renderAt, signIn, type Reply } from './support/harness';

const at = '2025-03-01T10:00:00Z';
const ROLES = ['Company Owner', 'Admin', 'Storekeeper'];
type User = { id: string; userName: string; firstName: string; lastName: string; roles: string[]; active: boolean };
let users: User[];
const person = (id: string, firstName: string, roles: string[], active = true): User => ({
  id,
  userName: firstName.toLowerCase(),
  firstName,
  lastName: 'Kaya',
  roles,
  active,
});

function api(refuse?: Reply) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/users')
      return {
        status: 200,
        data: users.map((u) => ({ ...u, email: `${u.userName}@x.io`, profilePictureUrl: null, createdAt: at })),
      };
    if (call.method === 'GET' && call.url === '/api/roles')
      return { status: 200, data: ROLES.map((name, i) => ({ id: `r${i}`, name, builtIn: true, userCount: 1 })) };
    const put = /^\/api\/users\/(\w+)\/roles$/.exec(call.url);
    if (put && call.method === 'PUT') {
      if (refuse) return refuse;
      const { roles } = call.body as { roles: string[] };
      users = users.map((u) => (u.id === put[1] ? { ...u, roles } : u));
      return { status: 200, data: { userId: put[1], roles } };
    }
    return undefined;
  });
}

const box = (name: string, role: string) => screen.getByRole('checkbox', { name: `${name} Kaya holds ${role}` });

beforeEach(() => {
  users = [
    person('u1', 'Oya', ['Company Owner']),
    person('u2', 'Selim', ['Storekeeper']),
    person('u3', 'Deniz', [], false),
  ];
});

describe('/settings/role-management', () => {
  test('shows who holds which role, and a box gives or takes a role at once', async () => {
    const user = userEvent.setup();
    signIn(['Company Owner']);
    const calls = api();
    renderAt('/settings/role-management');
    expect(await screen.findByRole('checkbox', { name: 'Selim Kaya holds Storekeeper' })).toBeChecked();
    expect(box('Oya', 'Company Owner')).toBeChecked();
    expect(screen.getByText('deactivated')).toBeInTheDocument();

    await user.click(box('Selim', 'Admin'));
    await waitFor(() => expect(box('Selim', 'Admin')).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/users/u2/roles',
      body: { roles: ['Storekeeper', 'Admin'] },
    });
    await waitFor(() => expect(box('Selim', 'Storekeeper')).toBeEnabled());
    await user.click(box('Selim', 'Storekeeper'));
    await waitFor(() => expect(box('Selim', 'Storekeeper')).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ roles: ['Admin'] });
  });

  test('only a Company Owner may give or take Company Owner: an Admin sees it locked', async () => {
    signIn(['Admin']);
    api();
    renderAt('/settings/role-management');
    expect(await screen.findByRole('checkbox', { name: 'Oya Kaya holds Company Owner' })).toBeDisabled();
    expect(box('Selim', 'Admin')).toBeEnabled();
  });

  test('the API’s refusal is shown and the box stays as it was', async () => {
    const user = userEvent.setup();
    signIn(['Company Owner']);
    api(refusal(409, 'The company needs at least one Company Owner.', { field: 'roles' }));
    renderAt('/settings/role-management');
    await user.click(await screen.findByRole('checkbox', { name: 'Oya Kaya holds Company Owner' }));
    expect(
      await screen.findByText('Not changed for Oya Kaya: The company needs at least one Company Owner.'),
    ).toBeInTheDocument();
    expect(box('Oya', 'Company Owner')).toBeChecked();
  });

  test('a refused load is the forbidden state', async () => {
    signIn(['Storekeeper']);
    mockApi(() => refusal(403, 'This needs users.manage.'));
    renderAt('/settings/role-management');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
  });
});
