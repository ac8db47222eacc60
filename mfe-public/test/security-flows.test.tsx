import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { session, setSessionLostHandler, startOidcSignIn, type ThirdPartyIntent } from '@stockwise/shared';
import PublicRoutes from '../src/routes';
import { mockApi } from '../../shared/test/mock-api';

// Issue 8 in the public remote: stand-ins said plainly, the Google nonce, a failed Google sign-in
// shown where it started, email verification and its resend, mail that is not configured.

type Reply = { status: number; data?: unknown };
const EMBEDDED = { google: null, oidc: { issuer: 'http://localhost/oidc', clientId: 'stockwise-local' } };
const DEVELOPMENT = {
  mode: 'development',
  standIns: { signIn: true, payments: true, mail: true, demoData: true },
  mail: true,
  payments: true,
};

let calls: ReturnType<typeof mockApi> = [];
/** The API: providers and environment as given, everything else from `route`. */
function answer(
  route: (url: string, body: unknown) => Reply,
  { providers = EMBEDDED as unknown, environment = DEVELOPMENT as unknown } = {},
) {
  calls = mockApi((config) => {
    if (config.url === '/api/auth/providers') return { status: 200, data: providers };
    if (config.url === '/api/environment') return { status: 200, data: environment };
    return route(config.url ?? '', typeof config.data === 'string' ? JSON.parse(config.data) : config.data);
  });
}
const posted = (url: string) => calls.filter((c) => c.url === url).map((c) => c.body);

/** Where the public remote sent the browser outside itself, and with what router state. */
function Elsewhere({ name }: { name: string }) {
  const { state } = useLocation();
  return (
    <p>
      {name} {JSON.stringify(state)}
    </p>
  );
}

async function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Loading page</p>}>
          <Routes>
            <Route path="/*" element={<PublicRoutes />} />
            <Route path="/dashboard/default" element={<Elsewhere name="workspace" />} />
            <Route path="/profile" element={<Elsewhere name="profile" />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.queryByText('Loading page')).not.toBeInTheDocument());
  return result;
}

/**
 * A flow started here and came back from the embedded provider: the ID token carries `nonce`.
 * Returns the callback URL the provider would send the browser to.
 */
async function cameBackFromProvider(intent: ThirdPartyIntent, claims: Record<string, unknown> = {}) {
  const metadata = {
    authorization_endpoint: 'http://localhost/oidc/auth',
    token_endpoint: 'http://localhost/oidc/token',
  };
  let authorizationUrl = '';
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => metadata })) as never;
  await startOidcSignIn(EMBEDDED.oidc, intent, 'server-nonce', (url) => (authorizationUrl = url));
  const state = new URL(authorizationUrl).searchParams.get('state');
  const encode = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
  const idToken = `${encode({ alg: 'RS256' })}.${encode({ nonce: 'server-nonce', email: 'gina@example.com', ...claims })}.sig`;
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => ({ id_token: idToken }),
  })) as never;
  return { url: `/auth/callback?code=c1&state=${state}`, idToken };
}

const lost = jest.fn();
beforeAll(() => {
  window.scrollTo = () => {};
  // jsdom has no SubtleCrypto; the PKCE challenge's value does not matter here.
  const subtle = { digest: async () => new Uint8Array(32).buffer };
  Object.defineProperty(globalThis.crypto, 'subtle', { value: subtle, configurable: true });
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  session.reload();
  lost.mockReset();
  setSessionLostHandler(lost);
});

describe('the Google button says when it is a stand-in (issue 8)', () => {
  it('reads "Development sign-in — not Google" with the embedded provider, on every sign-in page', async () => {
    answer(() => ({ status: 200, data: { valid: true, message: 'Join', roles: [] } }));
    for (const path of ['/login', '/register', '/register?invitationId=inv-1']) {
      const view = await renderAt(path);
      expect(await screen.findByRole('button', { name: 'Development sign-in — not Google' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: /with Google$/ })).toBeNull();
      view.unmount();
    }
  });

  it('is hidden everywhere, with its "or", when the server has no third-party sign-in', async () => {
    answer(() => ({ status: 200, data: { valid: true, message: 'Join', email: 'k@example.com', roles: [] } }), {
      providers: { google: null, oidc: null },
    });
    for (const path of ['/login', '/register', '/register?invitationId=inv-1']) {
      const view = await renderAt(path);
      await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/providers')).toBe(true));
      await waitFor(() => expect(screen.queryByRole('button', { name: /Google/ })).toBeNull());
      expect(screen.queryByText('or')).toBeNull();
      view.unmount();
    }
  });
});

describe('a third-party sign-in that fails is shown where it started (issue 8)', () => {
  it("a Google account connected to no account: the server's message on /login, no sign-out, no reload", async () => {
    const message =
      'No Stockwise account is connected to this Google account. Sign in with your password and connect Google from your profile.';
    answer((url) =>
      url === '/api/auth/google-login'
        ? { status: 404, data: { message, code: 'ACCOUNT_NOT_FOUND' } }
        : { status: 404 },
    );
    const { url, idToken } = await cameBackFromProvider({ kind: 'login' });
    await renderAt(url);
    expect(await screen.findByRole('heading', { name: 'Sign in to Stockwise' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Register your company with Google' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(posted('/api/auth/google-login')).toEqual([{ idToken }]);
    expect(lost).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a 401 from google-login (an ID token the server refuses) stays on /login too', async () => {
    answer(() => ({ status: 401, data: { message: 'This Google sign-in could not be verified. Please try again.' } }));
    const { url } = await cameBackFromProvider({ kind: 'login' });
    await renderAt(url);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This Google sign-in could not be verified. Please try again.',
    );
    expect(screen.getByRole('heading', { name: 'Sign in to Stockwise' })).toBeInTheDocument();
    expect(lost).not.toHaveBeenCalled();
  });

  it('Connect Google comes back to /profile with the ID token, where the workspace finishes it', async () => {
    session.setToken('a.b.c');
    answer(() => ({ status: 500 }));
    const { url, idToken } = await cameBackFromProvider({ kind: 'connect' });
    await renderAt(url);
    expect(await screen.findByText(`profile {"connectGoogle":{"idToken":"${idToken}"}}`)).toBeInTheDocument();
    // Nothing is posted here: /profile posts it to connect-google with the bearer.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('email verification (issue 8)', () => {
  it('a sign-in refused until the email is verified shows the message and resends the link', async () => {
    answer((url) =>
      url === '/api/auth/login'
        ? {
            status: 403,
            data: {
              message: 'Verify your email address before you sign in.',
              code: 'EMAIL_NOT_VERIFIED',
              verificationToken: 'vt-1',
            },
          }
        : { status: 200, data: { message: 'We sent a new link to ada@example.com.' } },
    );
    await renderAt('/login');
    await userEvent.type(screen.getByLabelText('User name or email'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verify your email address before you sign in.');
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new link to ada@example.com.');
    expect(posted('/api/auth/resend-verification')).toEqual([{ verificationToken: 'vt-1' }]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a refused sign-in asks for the mailed code, and the password with the code signs in', async () => {
    const refused = {
      status: 429,
      data: {
        message:
          'Too many failed sign-in attempts from here. If your password was right, we have mailed you a sign-in code: enter it with your password. Otherwise wait an hour and try again, or reset your password.',
        code: 'SIGN_IN_REFUSED',
        field: 'code',
      },
    };
    const signedIn = { status: 200, data: { token: 'h.p.s', user: { userName: 'ada', roles: [] } } };
    answer((url, body) =>
      url === '/api/auth/login'
        ? (body as { code?: string }).code === '12345678'
          ? signedIn
          : refused
        : { status: 200, data: {} },
    );
    await renderAt('/login');
    expect(screen.queryByLabelText('Sign-in code from your email')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('User name or email'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('we have mailed you a sign-in code');
    await userEvent.type(screen.getByLabelText('Sign-in code from your email'), '12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/^workspace/)).toBeInTheDocument();
    expect(posted('/api/auth/login')).toEqual([
      { userName: 'ada', password: 'correct horse' },
      { userName: 'ada', password: 'correct horse', code: '12345678' },
    ]);
  }, 30_000);

  it('registering by invitation sends the email the invitee typed (the look-up does not give it) and asks to check it', async () => {
    answer((url) =>
      url === '/api/auth/register-with-invitation'
        ? {
            status: 201,
            data: {
              message: 'We sent a link to kim@example.com.',
              verificationRequired: true,
              email: 'kim@example.com',
            },
          }
        : {
            status: 200,
            data: {
              valid: true,
              message: 'You are invited to join Acme.',
              companyName: 'Acme',
              roles: ['Storekeeper'],
            },
          },
    );
    await renderAt('/register?invitationId=inv-1');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('');
    await userEvent.type(email, 'Kim@Example.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Kim');
    await userEvent.type(screen.getByLabelText('Last name'), 'Keeper');
    await userEvent.type(screen.getByLabelText('User name'), 'kim');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('Check your email');
    expect(panel).toHaveTextContent('We sent a link to kim@example.com.');
    expect(posted('/api/auth/register-with-invitation')).toEqual([
      {
        invitationId: 'inv-1',
        firstName: 'Kim',
        lastName: 'Keeper',
        userName: 'kim',
        email: 'Kim@Example.com',
        password: 'correct horse',
      },
    ]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a user name may not contain @ when registering a company', async () => {
    answer(() => ({ status: 200, data: { valid: true, message: 'Join', roles: [] } }));
    await renderAt('/register');
    await userEvent.type(screen.getByLabelText('User name'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Use 3–100 letters, digits or . _ + - (no @).')).toBeInTheDocument();
    expect(posted('/api/auth/company-with-admin')).toEqual([]);
  });

  it('a user name may not contain @ when accepting an invitation either', async () => {
    answer(() => ({ status: 200, data: { valid: true, message: 'Join', roles: [] } }));
    await renderAt('/register?invitationId=inv-1');
    await userEvent.type(await screen.findByLabelText('User name'), 'kim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Use 3–100 letters, digits or . _ + - (no @).')).toBeInTheDocument();
    expect(posted('/api/auth/register-with-invitation')).toEqual([]);
  });

  it('the mailed link verifies once and offers sign-in', async () => {
    answer(() => ({ status: 200, data: { message: 'Your email is verified. You can sign in now.' } }));
    await renderAt('/verify-email?token=mail-token-1');
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('Email verified');
    expect(panel).toHaveTextContent('Your email is verified. You can sign in now.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(posted('/api/auth/verify-email')).toEqual([{ token: 'mail-token-1' }]);
  });

  it("a link the server refuses shows the server's message", async () => {
    answer(() => ({
      status: 400,
      data: { message: 'This verification link has expired.', code: 'VERIFICATION_INVALID' },
    }));
    await renderAt('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has expired.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('forgot password without mail (issue 8)', () => {
  it('says that password reset is not available instead of showing the form', async () => {
    answer(() => ({ status: 200, data: {} }), { environment: { ...DEVELOPMENT, mode: 'production', mail: false } });
    await renderAt('/forgot-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password reset is not available: mail is not configured on this server.',
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
  });

  it('shows the form when mail works', async () => {
    answer(() => ({ status: 200, data: {} }));
    await renderAt('/forgot-password');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/environment')).toBe(true));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(screen.queryByText(/not available/)).toBeNull();
  });
});
