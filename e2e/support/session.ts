import type { APIRequestContext, Page } from '@playwright/test';
import { verifyEmail } from './mail';

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

export async function login(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { userName, password } });
  if (!res.ok()) throw new Error(`login answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as { token: string; user: Record<string, unknown> };
}

/** Signs the browser in the way the shell does after a login: token and user in storage. */
export async function signInWithToken(page: Page, token: string, user: Record<string, unknown>) {
  // Any page of the origin will do; wait until it has settled so no load of it is still in flight.
  await page.goto('/privacy-policy', { waitUntil: 'networkidle' });
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [token, user] as const,
  );
}

/** Signs in through the sign-in page, as a person would. */
export async function signInOnScreen(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
