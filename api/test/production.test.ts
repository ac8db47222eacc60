import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real process, as `NODE_ENV=production` starts it with the embedded defaults (PGlite in a
// fresh data folder, no Google, no Stripe, no SMTP): none of the development stand-ins answer,
// and what needs a missing service says so.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(apiRoot, 'node_modules', '.bin', 'tsx');
let child: ChildProcess;
let base: string;
let output = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** The data folders the production starts made: removed once the file is done (each is a PGlite). */
const dataDirs: string[] = [];

function productionEnv(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sw-prod-'));
  dataDirs.push(dataDir);
  // Jest's NODE_OPTIONS (VM modules) are not the product's.
  const {
    DATABASE_URL: _db,
    SMTP_URL: _smtp,
    GOOGLE_CLIENT_ID: _g,
    STRIPE_SECRET_KEY: _s,
    NODE_OPTIONS: _o,
    ...rest
  } = process.env;
  return {
    ...rest,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(tsx, ['src/main.ts'], {
    cwd: apiRoot,
    env: productionEnv({ API_PORT: String(port), PUBLIC_URL: base }),
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not start: ${output}`);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${base}${url}`);
const post = (url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('no demo company is seeded and no demo password signs in', async () => {
  expect(output).not.toContain('Demo company seeded');
  const res = await post('/api/auth/login', { userName: 'owner', password: 'Demo1234!' });
  expect(res.status).toBe(401);
});

test('the mail outbox, the embedded Google and the embedded checkout are not there', async () => {
  expect((await get('/api/dev/outbox')).status).toBe(404);
  expect((await get('/oidc/.well-known/openid-configuration')).status).toBe(404);
  const checkoutPage = await get('/api/billing/checkout/00000000-0000-4000-8000-000000000000');
  expect(checkoutPage.status).toBe(404);
  expect(((await checkoutPage.json()) as { message: string }).message).toMatch(/^Route GET/);
  expect((await post('/api/billing/webhook', {})).status).toBe(404);
});

test('the features a missing service turns off say so', async () => {
  expect(await (await get('/api/environment')).json()).toEqual({
    mode: 'production',
    standIns: { signIn: false, payments: false, mail: false, demoData: false },
    mail: false,
    payments: false,
    paymentProvider: null,
    // The auth service needs no outside service: it is on in production, with its public key.
    auth: { url: base, key: 'sb_publishable_stockwise' },
  });
  expect(await (await get('/api/auth/providers')).json()).toEqual({ google: null, oidc: null });
  const nonce = await post('/api/auth/google-nonce', {});
  expect(nonce.status).toBe(503);
  expect(((await nonce.json()) as { code: string }).code).toBe('GOOGLE_NOT_CONFIGURED');
  const forgot = await post('/api/auth/forgot-password', { email: 'someone@example.com' });
  expect(forgot.status).toBe(503);
  expect(await forgot.json()).toMatchObject({
    code: 'MAIL_NOT_CONFIGURED',
    message: 'Password reset is not available: mail is not configured on this server.',
  });
  const register = await post('/api/auth/register', {
    firstName: 'A',
    lastName: 'B',
    userName: 'abuser',
    email: 'a@example.com',
    password: 'long-enough-password',
  });
  expect(register.status).toBe(503);
});

test('redirect sign-in and single sign-on are off: no Google to send anyone to, no company provider', async () => {
  const pkce = { code_challenge: 'a'.repeat(43), code_challenge_method: 's256' };
  const authorize = await fetch(`${base}/auth/v1/authorize?${new URLSearchParams({ provider: 'google', ...pkce })}`, {
    redirect: 'manual',
  });
  expect(authorize.status).toBe(400);
  const sso = await fetch(`${base}/auth/v1/sso`, {
    method: 'POST',
    headers: { apikey: 'sb_publishable_stockwise', 'content-type': 'application/json' },
    body: JSON.stringify({ domain: 'example.com', ...pkce }),
  });
  expect(sso.status).toBe(404);
  expect(((await sso.json()) as { error_code: string }).error_code).toBe('sso_provider_not_found');
});

test('production refuses to start with demo data, in one line', () => {
  const r = spawnSync(tsx, ['src/main.ts'], {
    cwd: apiRoot,
    env: productionEnv({ SEED_DEMO: '1', API_PORT: '0' }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(1);
  expect(r.stderr.trim()).toBe(
    'stockwise-api: bad configuration: SEED_DEMO=1 is refused in production: the demo accounts have a published password',
  );
});
