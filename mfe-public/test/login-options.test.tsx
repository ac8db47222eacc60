import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { auth, session, setSessionLostHandler } from '@stockwise/shared';
import PublicRoutes from '../src/routes';
import { mockApi } from '../../shared/test/mock-api';

// The login page's other ways in: a mailed code, and the company's single sign-on — through the
// page's real supabase-js client, whose auth service (its fetch) is played here.

const SERVICE = 'http://localhost:8080';
const EMBEDDED = { google: null, oidc: { issuer: `${SERVICE}/oidc`, clientId: 'stockwise-local' } };
const ENVIRONMENT = {
  mode: 'development',
  standIns: { signIn: true, payments: true, mail: true, demoData: true },
  mail: true,
  payments: true,
  auth: { url: SERVICE, key: 'sb_publishable_test' },
};
const now = () => Math.floor(Date.now() / 1000);
const EXP = now() + 3600;
const encode = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const accessToken = (n: number) =>
  `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', session_id: `s${n}`, exp: EXP })}.c2ln`;
const gotrueUser = { id: 'u1', aud: 'authenticated', email: 'ada@acme.test', app_metadata: {}, user_metadata: {} };

type Answer = { status: number; body: unknown };
/** The auth service's answers by "METHOD /path", and what was sent to it. */
let gotrue: Record<string, Answer> = {};
let sent: Array<{ path: string; body: Record<string, unknown> }> = [];

function fakeAuthService(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  sent.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : {} });
  const answer = gotrue[`${init?.method ?? 'GET'} ${url.pathname}`] ?? { status: 404, body: { msg: 'Not Found' } };
  return Promise.resolve({
    ok: answer.status < 300,
    status: answer.status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    json: async () => answer.body,
    text: async () => JSON.stringify(answer.body),
  } as unknown as Response);
}

const sessionBody = (n: number) => ({
  access_token: accessToken(n),
  refresh_token: `r${n}`,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: now() + 3600,
  user: gotrueUser,
});

function answerApi() {
  mockApi((config) => {
    if (config.url === '/api/auth/providers') return { status: 200, data: EMBEDDED };
    if (config.url === '/api/environment') return { status: 200, data: ENVIRONMENT };
    if (config.url === '/api/auth/getuser')
      return { status: 200, data: { userName: 'ada', email: 'ada@acme.test', roles: ['Admin'] } };
    if (config.url === '/api/subscription/current') return { status: 200, data: { status: 0, plan: null } };
    return { status: 404, data: { message: 'no' } };
  });
}

async function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Loading page</p>}>
          <Routes>
            <Route path="/*" element={<PublicRoutes />} />
            <Route path="/dashboard/default" element={<p>workspace</p>} />
            <Route path="/items" element={<p>items page</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.queryByText('Loading page')).not.toBeInTheDocument());
  return result;
}

beforeAll(() => {
  window.scrollTo = () => {};
  // The page's supabase-js client is made once, with the fetch it finds then.
  globalThis.fetch = fakeAuthService as typeof fetch;
  // jsdom has no SubtleCrypto; the PKCE challenge's value does not matter here.
  const subtle = { digest: async () => new Uint8Array(32).buffer };
  Object.defineProperty(globalThis.crypto, 'subtle', { value: subtle, configurable: true });
});
// A slow shared machine types slowly; nothing here is timed.
jest.setTimeout(30_000);
beforeEach(() => {
  localStorage.clear();
  gotrue = {};
  sent = [];
  session.reload();
  setSessionLostHandler(jest.fn());
  answerApi();
});

describe('sign in by a mailed code', () => {
  it('asks for the email, then the 6-digit code, and signs in like a password sign-in', async () => {
    gotrue['POST /auth/v1/otp'] = { status: 200, body: {} };
    await renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in code' }));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    // The same words whether or not the address has an account.
    expect(
      await screen.findByText(/If ada@acme.test belongs to a Stockwise account, we sent it a 6-digit code/),
    ).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ path: '/auth/v1/otp', body: { email: 'ada@acme.test', create_user: false } });

    await userEvent.type(screen.getByLabelText('6-digit code from the email'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is the 6 digits in the email.')).toBeInTheDocument();

    gotrue['POST /auth/v1/verify'] = {
      status: 403,
      body: { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' },
    };
    await userEvent.type(screen.getByLabelText('6-digit code from the email'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is wrong or has expired. Check the newest email, or send a new code.',
    );
    expect(session.get().token).toBeNull();

    gotrue['POST /auth/v1/verify'] = { status: 200, body: sessionBody(1) };
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('workspace')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ body: { email: 'ada@acme.test', token: '123456', type: 'email' } });
    expect(localStorage.getItem('token')).toBe(accessToken(1));
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ userName: 'ada' });
  });

  it('too many codes asked for: says how long to wait', async () => {
    gotrue['POST /auth/v1/otp'] = {
      status: 429,
      body: {
        code: 429,
        error_code: 'over_email_send_rate_limit',
        msg: 'For security purposes, you can only request this after 42 seconds.',
      },
    };
    await renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in code' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes were asked for. Try again in 42 seconds.',
    );
  });
});

describe('sign in with single sign-on', () => {
  it('finds the provider by the email’s domain, and says so when it is the development stand-in', async () => {
    gotrue['POST /auth/v1/sso'] = {
      status: 404,
      body: { code: 404, error_code: 'sso_provider_not_found', msg: 'No SSO provider assigned for this domain' },
    };
    await renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with single sign-on' }));
    await userEvent.type(screen.getByLabelText('Work email or company domain'), 'ada@nowhere.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No single sign-on is set up for this domain. Sign in with your password, or ask your administrator.',
    );

    gotrue['POST /auth/v1/sso'] = { status: 200, body: { url: `${SERVICE}/oidc/auth?client_id=stockwise-local` } };
    await userEvent.clear(screen.getByLabelText('Work email or company domain'));
    await userEvent.type(screen.getByLabelText('Work email or company domain'), 'Ada@Acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Development stand-in: this company’s “single sign-on” is the built-in test sign-in, not a real identity provider.',
    );
    expect(screen.getByRole('button', { name: 'Go to the test sign-in' })).toBeEnabled();
    const started = sent.at(-1)!;
    expect(started).toMatchObject({ path: '/auth/v1/sso', body: { domain: 'acme.test' } });
    expect(new URL(String(started.body.redirect_to)).pathname).toBe('/auth/callback');
  });

  it('back on /auth/callback: the code signs in and the page that sent the visitor opens', async () => {
    gotrue['POST /auth/v1/sso'] = { status: 200, body: { url: 'https://idp.acme.test/auth' } };
    gotrue['POST /auth/v1/token'] = { status: 200, body: sessionBody(2) };
    // Started on this page before it left for the provider: supabase-js keeps the PKCE verifier.
    await auth.startSsoSignIn('ada@acme.test', '/items');
    await renderAt('/auth/callback?sso=1&next=%2Fitems&code=the-code');
    expect(await screen.findByText('items page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(accessToken(2));
    expect(sent.find((s) => s.path === '/auth/v1/token')?.body).toMatchObject({ auth_code: 'the-code' });
  });

  it('a refused single sign-on comes back to the login page’s form with the reason', async () => {
    await renderAt(
      '/auth/callback?sso=1&error=access_denied&error_code=signup_disabled&error_description=No+account+with+this+address+in+this+company.',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No account with this address in this company.');
    expect(screen.getByLabelText('Work email or company domain')).toBeInTheDocument();
    expect(session.get().token).toBeNull();
  });
});
