import type { APIRequestContext, Page, Route } from '@playwright/test';
import { hostedSessionEntry } from '../../scripts/lib/hosted-session.mjs';
import { verifyEmail } from './mail';
import { pressWhileBooting } from './hydration';

export interface Company {
  companyName: string;
  userName: string;
  email: string;
  password: string;
}

let counter = 0;

/**
 * A company registered through the real API (spec §3 payload), unique per call, with its owner's
 * email verified through the mailed link, so the owner can sign in.
 */
export async function registerCompany(request: APIRequestContext, overrides: Partial<Company> = {}): Promise<Company> {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const company: Company = {
    companyName: `E2E Traders ${id}`,
    userName: `owner_${id}`,
    email: `owner_${id}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const res = await request.post('/api/auth/company-with-admin', {
    data: {
      companyName: company.companyName,
      userName: company.userName,
      email: company.email,
      firstName: 'Ada',
      lastName: 'Owner',
      password: company.password,
      phone: '+1 555 0100',
      industry: 'Retail',
      withGoogle: false,
    },
  });
  if (!res.ok()) throw new Error(`company-with-admin answered ${res.status()}: ${await res.text()}`);
  const answer = (await res.json()) as { verificationRequired?: boolean };
  if (answer.verificationRequired) await verifyEmail(request, company.email);
  return company;
}

/** The session a sign-in answers beside its token (what the page's supabase-js takes over). */
export interface HostedSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
}

// The session behind each token login() answered, for signInWithToken.
const sessions = new Map<string, HostedSession>();

export async function login(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { userName, password } });
  if (!res.ok()) throw new Error(`login answered ${res.status()}: ${await res.text()}`);
  const answer = (await res.json()) as { token: string; user: Record<string, unknown>; session: HostedSession };
  sessions.set(answer.token, answer.session);
  return answer;
}

/**
 * A new company of the test's own, its owner signed in through the API: the token and user (for
 * signInWithToken), the bearer header, and `made(url, data)` — a POST that must answer 201, its
 * answer's JSON — to set the company up.
 */
export async function ownCompany(request: APIRequestContext) {
  const owner = await registerCompany(request);
  const { token, user } = await login(request, owner.userName, owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  const made = async <T = { id: string }>(url: string, data: object): Promise<T> => {
    const res = await request.post(url, { headers, data });
    if (res.status() !== 201) throw new Error(`${url} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { owner, token, user, headers, made };
}

/** The auth service's URL and publishable key, as GET /api/environment names them. */
export async function authService(request: APIRequestContext): Promise<{ url: string; key: string }> {
  const res = await request.get('/api/environment');
  return ((await res.json()) as { auth: { url: string; key: string } }).auth;
}

/**
 * Signs the browser in the way the shell does after a login: token and user in the spec's
 * entries, and the session behind the token where the page's supabase-js keeps it
 * (hostedSessionEntry). A token login() did not answer (a forged or expired one) goes alone.
 */
export async function signInWithToken(page: Page, token: string, user: Record<string, unknown>) {
  await openOrigin(page);
  const session = sessions.get(token);
  let stored: [string, string] | null = null;
  if (session) {
    const { url, key } = await authService(page.request);
    const res = await page.request.get(`${url}/auth/v1/user`, {
      headers: { apikey: key, authorization: `Bearer ${token}` },
    });
    if (!res.ok()) throw new Error(`GET /auth/v1/user answered ${res.status()}: ${await res.text()}`);
    stored = hostedSessionEntry(url, session, await res.json());
  }
  await page.evaluate(
    ([t, u, s]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
      if (s) localStorage.setItem(s[0], s[1]);
    },
    [token, user, stored] as const,
  );
}

/**
 * Puts the page on the product's origin without loading the product, so its storage can be written
 * before the test's first real page load: an empty document that the browser answers itself, at an
 * address the product does not serve, so no request reaches the product. (Loading a real page here
 * cost every test a full load of the shell and a remote and the wait for it to settle:
 * docs/benchmarks.md, "CI time".)
 */
async function openOrigin(page: Page) {
  const blank = '/__e2e-storage__';
  const answer = (route: Route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' });
  await page.route(blank, answer);
  await page.goto(blank);
  await page.unroute(blank, answer);
}

/** Signs in through the sign-in page, as a person would. */
export async function signInOnScreen(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await submitSignIn(page, userName, password);
}

/** Fills and sends the sign-in form of the page already on /login. */
export async function submitSignIn(page: Page, userName: string, password: string) {
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await pressWhileBooting(page, page.getByRole('button', { name: 'Sign In', exact: true }));
}
