import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { migratedPgliteDump } from './pglite-template.js';
import type { FastifyInstance } from 'fastify';
import { SignJWT, type JWTPayload } from 'jose';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrations.js';
import { SESSION_KEY_FILE } from '../src/plugins/adapters.js';
import { activatePremium } from '../src/modules/subscriptions/index.js';

// The one harness every API test builds its apps, companies, users and tokens with: a company is
// registered as a customer would (the public endpoint, the mailed link, the sign-in), and a
// hand-made token is signed the way the app signs them. Tests of those endpoints themselves call
// them directly; everything else comes from here.

/** PGlite in memory, or PostgreSQL when DATABASE_URL is set (CI runs both). */
export const DRIVER = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  close(): Promise<void>;
}

let shared: Promise<Database> | null = null;

/**
 * One database per test file, one app per call. A PGlite starts from the migrated template
 * (pglite-template.ts): well under a second, where initdb and the migrations take seconds.
 */
export async function testApp(env: Record<string, string> = {}): Promise<TestContext> {
  shared ??= (async () => {
    const databaseUrl = process.env.DATABASE_URL ?? null;
    const pgliteDump = databaseUrl ? undefined : await migratedPgliteDump();
    const db = await openDatabase({ databaseUrl, dataDir: null, pgliteDump });
    // A no-op on the template; on PostgreSQL, the schema of this run's migrations.
    await migrate(db);
    return db;
  })();
  const db = await shared;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sw-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return { app, db, dataDir, close: () => app.close() };
}

/**
 * A test app listening on a local port, for clients that need a real URL (supabase-js, redirect
 * flows): its base URL and the auth service's publishable key. With `publicUrl`, the app's
 * PUBLIC_URL is that address, so redirects come back to it (the embedded provider is reached for real).
 */
export async function servedTestApp(
  env: Record<string, string> = {},
  { publicUrl = false }: { publicUrl?: boolean } = {},
): Promise<{ ctx: TestContext; base: string; key: string }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const free = (probe.address() as { port: number }).port;
      probe.close(() => resolve(free));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const ctx = await testApp({ ...(publicUrl ? { PUBLIC_URL: base } : {}), ...env });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const key = (await ctx.app.inject({ url: '/api/environment' })).json().auth.key as string;
  return { ctx, base, key };
}

/** The key the app signs sessions with: JWT_SECRET is not set in tests, so the generated one. */
export async function sessionSigningSecret(ctx: TestContext): Promise<string> {
  if (DRIVER === 'pglite') return readFileSync(path.join(ctx.dataDir, SESSION_KEY_FILE), 'utf8');
  return (await ctx.db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`))[0]!.value;
}

export async function closeShared(): Promise<void> {
  if (shared) await (await shared).close();
  shared = null;
}

export const unique = (prefix = 'u') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
export const PASSWORD = 'correct-horse-battery';
/** A random client address: PostgreSQL keeps rate-limit counters across runs, so tests must not share one. */
export const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export interface Tenant {
  token: string;
  companyId: string;
  userId: string;
  userName: string;
  email: string;
}

/** An app in this process (inject), or the base URL of one running elsewhere (startApi, servedTestApp). */
export type Api = FastifyInstance | string;

export interface CompanyOptions {
  name?: string;
  /** On Premium for 30 days (plan limits out of the way); needs an app in this process. */
  premium?: boolean;
}

/** One request to either kind of Api: its status and parsed JSON body. */
async function send(api: Api, method: 'GET' | 'POST', url: string, payload?: object, from = ip()) {
  if (typeof api !== 'string') {
    const res = await api.inject({ method, url, remoteAddress: from, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body, json: () => res.json() };
  }
  const res = await fetch(`${api}${url}`, {
    method,
    // A client address of its own (read behind TRUST_PROXY): rate-limit counters outlive a run.
    headers: {
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const body = await res.text();
  return { status: res.status, body, json: () => JSON.parse(body) };
}

/** A new company with its Company Owner, through the public endpoint, verified and signed in. */
export async function registerCompany(api: Api, options: string | CompanyOptions = {}): Promise<Tenant> {
  const { name = unique('Company '), premium = false } = typeof options === 'string' ? { name: options } : options;
  const userName = unique('owner');
  const email = `${userName}@example.com`;
  const res = await send(api, 'POST', '/api/auth/company-with-admin', {
    companyName: name,
    userName,
    email,
    firstName: 'Olga',
    lastName: 'Owner',
    password: PASSWORD,
    phone: '123',
    industry: 'Retail',
    withGoogle: false,
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.body}`);
  const companyId = res.json().companyId as string;
  if (typeof api === 'string') {
    // Another process: its development outbox (open to this machine only: no forwarded address) has the link.
    const outbox = await send(api, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`, undefined, '');
    const mails = outbox.json() as Array<{
      text: string;
    }>;
    const token = /\/verify-email\?token=([^\s&]+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!token) throw new Error(`no verification mail to ${email}`);
    const verified = await send(api, 'POST', '/api/auth/verify-email', { token: decodeURIComponent(token) });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.body}`);
  } else await verifyEmail(api, email);
  const login = await send(api, 'POST', '/api/auth/login', { userName, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
  const signedIn = login.json() as { token: string; user: { id: string } };
  if (premium) {
    if (typeof api === 'string') throw new Error('premium: needs an app in this process');
    await activatePremium(api.db, companyId, 'month', new Date(Date.now() + 30 * 86_400_000));
  }
  return { token: signedIn.token, companyId, userId: signedIn.user.id, userName, email };
}

/**
 * A hand-made token: signed as the app signs its sessions (HS256 with its key, from `ctx`), or
 * with another key or algorithm — what tests of forged, expired and edited tokens need.
 */
export async function signedToken(
  claims: JWTPayload,
  { ctx, secret, alg = 'HS256' }: { ctx?: TestContext; secret?: string; alg?: string } = {},
): Promise<string> {
  const key = secret ?? (ctx ? await sessionSigningSecret(ctx) : null);
  if (!key) throw new Error('signedToken: give the app (ctx) or a secret');
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(key));
}

/** The newest mail to an address, from the outbox table (as the test database's owner). */
export async function lastMail(app: FastifyInstance, to: string): Promise<{ subject: string; text: string } | null> {
  const rows = await app.db.query<{ subject: string; text: string }>(
    `SELECT subject, body AS text FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1`,
    [to],
  );
  return rows[0] ?? null;
}

/** The token of the newest /verify-email link mailed to an address. */
export async function verificationToken(app: FastifyInstance, to: string): Promise<string> {
  const mail = await lastMail(app, to);
  const token = mail && /\/verify-email\?token=([^\s&]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no verification mail to ${to}`);
  return decodeURIComponent(token);
}

/** Opens the newest verification link mailed to an address, as its owner would. */
export async function verifyEmail(app: FastifyInstance, to: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress: ip(),
    payload: { token: await verificationToken(app, to) },
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

export async function signIn(app: FastifyInstance, userName: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip(),
    payload: { userName, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; user: { id: string } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * How a test calls the API as one of its people: `call` gives the reply as it came (to assert a
 * refusal), `ok` the JSON of a 2xx, or throws with the API's answer so a failed set-up step says
 * why rather than failing later on an undefined. The app is asked for at call time, as test files
 * make theirs in `beforeAll`.
 */
export function callsAs(app: () => FastifyInstance) {
  const call = (who: Tenant, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app().inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(who.token), ...headers },
      ...(payload ? { payload } : {}),
    });
  const ok = async (who: Tenant, method: string, url: string, payload?: unknown) => {
    const res = await call(who, method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return { call, ok };
}

/** Invites and accepts a user with the given roles into the tenant's company. */
export async function addUser(app: FastifyInstance, owner: Tenant, roles: string[]): Promise<Tenant> {
  const userName = unique('user');
  const email = `${userName}@example.com`;
  const inv = await app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: bearer(owner.token),
    payload: { email, roles },
  });
  if (inv.statusCode !== 201) throw new Error(`invite failed: ${inv.statusCode} ${inv.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register-with-invitation',
    remoteAddress: ip(),
    payload: {
      invitationId: inv.json().id,
      userName,
      email,
      firstName: 'Ivy',
      lastName: 'Invitee',
      password: PASSWORD,
    },
  });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  await verifyEmail(app, email);
  const signedIn = await signIn(app, userName);
  return { token: signedIn.token, companyId: owner.companyId, userId: signedIn.user.id, userName, email };
}

/** A new company's own location and item type (the seed's "Main store" and "General"): what a first reception uses. */
export async function defaultCatalogue(
  app: FastifyInstance,
  t: Tenant,
): Promise<{ location: string; itemType: string }> {
  const first = async (url: string) => {
    const res = await app.inject({ url, headers: bearer(t.token) });
    const id = (res.json().items as Array<{ id: string }> | undefined)?.[0]?.id;
    if (!id) throw new Error(`${url}: no default (${res.statusCode} ${res.body})`);
    return id;
  };
  return { location: await first('/api/locations'), itemType: await first('/api/item-types') };
}
