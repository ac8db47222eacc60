import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage, setNotifier, type NotificationVariant } from '@stockwise/shared';
import { mockApi, refusal, renderAt, signIn, type Call, type Reply } from './support/harness';

// /settings/security: the company's requirement of two-step verification for Owners and Admins
// (GET/PUT /api/company/mfa-policy) and its own single sign-on providers (/api/sso-providers).

type Provider = {
  id: string;
  domain: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  redirectUri: string;
  createdAt: string;
};

const STAND_IN = { issuer: 'http://localhost:8080/oidc', clientId: 'stockwise-local' };
const REDIRECT = 'http://localhost:8080/auth/v1/callback';
let policy: { requireForOwnersAndAdmins: boolean };
let ownFactor: boolean;
let providers: Provider[];
let notes: Array<[string, NotificationVariant]>;
let stopNotes: () => void;

function securityApi(extra: (call: Call) => Reply | undefined = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/company/mfa-policy' && call.method === 'GET') return { status: 200, data: policy };
    if (call.url === '/api/company/mfa-policy' && call.method === 'PUT') {
      const body = call.body as typeof policy;
      if (body.requireForOwnersAndAdmins && !ownFactor)
        return refusal(409, 'Set up two-step verification for your own account before requiring it of others.', {
          code: 'MFA_NOT_SET_UP',
        });
      policy = body;
      return { status: 200, data: policy };
    }
    if (call.url === '/api/auth/providers') return { status: 200, data: { google: null, oidc: STAND_IN } };
    if (call.url === '/api/sso-providers' && call.method === 'GET') return { status: 200, data: providers };
    if (call.url === '/api/sso-providers' && call.method === 'POST') {
      const body = call.body as { domain: string; issuer: string; clientId: string; clientSecret?: string };
      if (body.issuer !== STAND_IN.issuer)
        return refusal(400, 'The issuer’s OpenID Connect discovery did not answer correctly (404).', {
          field: 'issuer',
        });
      const { clientSecret, ...shown } = body;
      const created = {
        id: `p${providers.length + 1}`,
        ...shown,
        hasClientSecret: clientSecret !== undefined,
        redirectUri: REDIRECT,
        createdAt: '2026-11-26T02:00:00.000Z',
      };
      providers = [...providers, created];
      return { status: 201, data: created };
    }
    const one = /^\/api\/sso-providers\/(\w+)$/.exec(call.url);
    if (one && call.method === 'PUT') {
      const body = call.body as { issuer: string; clientId: string; clientSecret?: string | null };
      if (body.issuer !== STAND_IN.issuer && !providers.some((p) => p.issuer === body.issuer))
        return refusal(400, 'The issuer’s OpenID Connect discovery did not answer correctly (404).', {
          field: 'issuer',
        });
      const before = providers.find((p) => p.id === one[1])!;
      const changed = {
        ...before,
        issuer: body.issuer,
        clientId: body.clientId,
        hasClientSecret: body.clientSecret === undefined ? before.hasClientSecret : body.clientSecret !== null,
      };
      providers = providers.map((p) => (p.id === changed.id ? changed : p));
      return { status: 200, data: changed };
    }
    if (one && call.method === 'DELETE') {
      providers = providers.filter((p) => p.id !== one[1]);
      return { status: 204 };
    }
    return undefined;
  });
}

beforeEach(() => {
  signIn(['Company Owner']);
  policy = { requireForOwnersAndAdmins: false };
  ownFactor = true;
  providers = [];
  notes = [];
  stopNotes = setNotifier((message, variant) => notes.push([message, variant]));
});
afterEach(() => stopNotes());

const requirement = () => screen.findByRole('switch', { name: 'Require two-step verification for Owners and Admins' });

describe('/settings/security: two-step verification for Owners and Admins', () => {
  test('the owner sees it off with what it does, turns it on and saves; the API gets it and says saved', async () => {
    const calls = securityApi();
    renderAt('/settings/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    const toggle = await requirement();
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/can only open Profile → Security after signing in/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.click(toggle);
    await userEvent.click(save);
    await waitFor(() =>
      expect(notes).toEqual([['Two-step verification is now required for Owners and Admins.', 'success']]),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/company/mfa-policy', body: { requireForOwnersAndAdmins: true } },
    ]);
    expect(toggle).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    // And off again.
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notes.at(-1)).toEqual(['Two-step verification is no longer required.', 'success']));
    expect(policy).toEqual({ requireForOwnersAndAdmins: false });
  });

  test('without a factor of their own the owner is told so, with the way to set one up; nothing is saved', async () => {
    ownFactor = false;
    securityApi();
    renderAt('/settings/security');
    await userEvent.click(await requirement());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'You need two-step verification on your own account before you can require it of others.',
    );
    expect(within(alert).getByRole('link', { name: 'Set up your own two-step verification' })).toHaveAttribute(
      'href',
      '/profile/security',
    );
    expect(policy).toEqual({ requireForOwnersAndAdmins: false });
    expect(notes).toEqual([]);
  });

  test('the requirement already on is shown on', async () => {
    policy = { requireForOwnersAndAdmins: true };
    securityApi();
    renderAt('/settings/security');
    await waitFor(async () => expect(await requirement()).toBeChecked());
  });
});

describe('/settings/security: single sign-on providers', () => {
  test('none yet: the owner adds one; the issuer the API refuses is said on its field; the secret is sent once and never shown', async () => {
    const calls = securityApi();
    renderAt('/settings/security');
    expect(await screen.findByText('No single sign-on provider yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add single sign-on provider' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the email domain.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the client ID.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /email domain/i }), 'Acme.Example');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /issuer url/i }), 'https://idp.acme.example');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /client id/i }), 'stockwise');
    await userEvent.type(within(dialog).getByLabelText(/client secret/i), 's3cret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const issuer = within(dialog).getByRole('textbox', { name: /issuer url/i });
    await waitFor(() => expect(issuer).toHaveAccessibleDescription(/discovery did not answer correctly/));
    expect(issuer).toHaveAttribute('aria-invalid', 'true');

    // The development stand-in, which the API names, fills in its issuer and client id.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill in the development sign-in' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { domain: 'acme.example', issuer: 'https://idp.acme.example', clientId: 'stockwise', clientSecret: 's3cret' },
      { domain: 'acme.example', issuer: STAND_IN.issuer, clientId: STAND_IN.clientId, clientSecret: 's3cret' },
    ]);
    expect(notes).toEqual([['Single sign-on provider added.', 'success']]);

    const list = await screen.findByRole('list', { name: 'Single sign-on providers' });
    const item = within(list).getByRole('listitem', { name: 'acme.example' });
    expect(item).toHaveTextContent('Development sign-in — not a real provider');
    expect(item).toHaveTextContent(`Client ID: ${STAND_IN.clientId}`);
    expect(item).toHaveTextContent('Client secret stored');
    expect(item).toHaveTextContent(`Redirect URI to register at the provider: ${REDIRECT}`);
    expect(document.body).not.toHaveTextContent('s3cret');
  });

  test('a provider of a real issuer is not marked; a blank secret is not sent; removing asks, then it is gone', async () => {
    providers = [
      {
        id: 'p1',
        domain: 'globex.example',
        issuer: 'https://login.globex.example',
        clientId: 'globex-app',
        hasClientSecret: false,
        redirectUri: REDIRECT,
        createdAt: '2026-11-25T10:00:00.000Z',
      },
    ];
    const calls = securityApi();
    renderAt('/settings/security');
    const item = await screen.findByRole('listitem', { name: 'globex.example' });
    expect(item).toHaveTextContent('No client secret');
    expect(item).not.toHaveTextContent('Development sign-in');

    await userEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add single sign-on provider' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /email domain/i }), 'initech.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill in the development sign-in' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      domain: 'initech.example',
      issuer: STAND_IN.issuer,
      clientId: STAND_IN.clientId,
    });
    expect(await screen.findByRole('listitem', { name: 'initech.example' })).toHaveTextContent('No client secret');

    await userEvent.click(screen.getByRole('button', { name: 'Remove globex.example' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete globex.example?' });
    expect(confirm).toHaveTextContent('Users on this domain sign in with their password or Google again.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'globex.example' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/sso-providers/p1']);
    expect(notes.at(-1)).toEqual(['Single sign-on provider removed.', 'success']);
  });
});

describe('/settings/security: editing a single sign-on provider', () => {
  const globex = (): Provider => ({
    id: 'p1',
    domain: 'globex.example',
    issuer: 'https://login.globex.example',
    clientId: 'globex-app',
    hasClientSecret: true,
    redirectUri: REDIRECT,
    createdAt: '2026-11-25T10:00:00.000Z',
  });

  test('an Admin sees the providers and may remove one, but adding or changing one is the owner’s', async () => {
    signIn(['Admin']);
    providers = [globex()];
    securityApi((call) =>
      call.url === '/api/access'
        ? {
            status: 200,
            data: {
              roles: ['Admin'],
              permissions: ['settings.manage'],
              allTransactionTypes: false,
              transactionTypeIds: [],
            },
          }
        : undefined,
    );
    renderAt('/settings/security');
    const row = await screen.findByRole('listitem', { name: 'globex.example' });
    expect(
      screen.getByText(
        'Only a Company Owner can add or change a provider: it signs in your company’s users, owners too.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add provider' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit globex.example' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove globex.example' })).toBeInTheDocument();
  });

  test('the owner edits a provider: its values are filled in, the domain stays, a blank secret keeps the stored one', async () => {
    providers = [globex()];
    const calls = securityApi();
    renderAt('/settings/security');
    await screen.findByRole('listitem', { name: 'globex.example' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit globex.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit single sign-on provider' });
    expect(within(dialog).getByRole('textbox', { name: /email domain/i })).toHaveValue('globex.example');
    expect(within(dialog).getByRole('textbox', { name: /email domain/i })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /issuer url/i })).toHaveValue('https://login.globex.example');
    expect(dialog).toHaveTextContent('Leave it blank to keep the stored secret.');
    const clientId = within(dialog).getByRole('textbox', { name: /client id/i });
    await userEvent.clear(clientId);
    await userEvent.type(clientId, 'globex-app-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/sso-providers/p1', { issuer: 'https://login.globex.example', clientId: 'globex-app-2' }],
    ]);
    const item = await screen.findByRole('listitem', { name: 'globex.example' });
    await waitFor(() => expect(item).toHaveTextContent('Client ID: globex-app-2'));
    expect(item).toHaveTextContent('Client secret stored');
    expect(notes.at(-1)).toEqual(['Single sign-on provider saved.', 'success']);
  });

  test('a new secret replaces the stored one; removing it sends null; a refused issuer is said on its field', async () => {
    providers = [globex()];
    const calls = securityApi();
    renderAt('/settings/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit globex.example' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit single sign-on provider' });
    const issuer = within(dialog).getByRole('textbox', { name: /issuer url/i });
    await userEvent.clear(issuer);
    await userEvent.type(issuer, 'https://wrong.globex.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/discovery did not answer correctly/)).toBeVisible();
    await userEvent.clear(issuer);
    await userEvent.type(issuer, 'https://login.globex.example');
    await userEvent.type(within(dialog).getByLabelText('Client secret'), 'rotated');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      issuer: 'https://login.globex.example',
      clientId: 'globex-app',
      clientSecret: 'rotated',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Edit globex.example' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit single sign-on provider' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Remove the stored client secret' }));
    expect(within(dialog).getByLabelText('Client secret')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      issuer: 'https://login.globex.example',
      clientId: 'globex-app',
      clientSecret: null,
    });
    expect(await screen.findByRole('listitem', { name: 'globex.example' })).toHaveTextContent('No client secret');
  });
});

describe('/settings/security: in Turkish', () => {
  test('in Turkish: the title, the requirement and the empty list', async () => {
    securityApi();
    await setLanguage('tr');
    try {
      renderAt('/settings/security');
      expect(await screen.findByRole('heading', { level: 1, name: 'Güvenlik' })).toBeInTheDocument();
      expect(
        await screen.findByRole('switch', {
          name: 'Sahipler ve Yöneticiler için iki adımlı doğrulamayı zorunlu kılın',
        }),
      ).not.toBeChecked();
      expect(await screen.findByText('Henüz tek oturum açma sağlayıcısı yok')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('/settings/security: who may open it', () => {
  test('without settings.manage the screen is refused and neither setting is read', async () => {
    const calls = securityApi((call) =>
      call.url === '/api/access'
        ? {
            status: 200,
            data: {
              roles: ['Storekeeper'],
              permissions: ['reports.view'],
              allTransactionTypes: false,
              transactionTypeIds: [],
            },
          }
        : undefined,
    );
    renderAt('/settings/security');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/mfa-policy|sso-providers/)]),
    );
  });
});
