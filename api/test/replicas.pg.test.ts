import Stripe from 'stripe';
import { openDatabase, type Database } from '../src/db/database.js';
import { STREAMS_PER_USER } from '../src/modules/events/index.js';
import { activatePremium } from '../src/modules/subscriptions/service.js';
import { ip, PASSWORD, unique } from './helpers.js';
import { call as http, startApi, type ApiProcess } from './processes.js';
import { openStream, type SseStream } from './sse.js';

// Two API processes, one PostgreSQL, no load balancer between (each call names its replica):
// whatever one replica starts, the other can finish — nothing lives in one process's memory.
// PostgreSQL only (scripts/test.mjs runs *.pg.test.ts in the PostgreSQL pass).
if (!process.env.DATABASE_URL) throw new Error('replicas.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');

let a: ApiProcess;
let b: ApiProcess;
let db: Database;

/** Every call from its own client address, as through a proxy (TRUST_PROXY=1): the counters are shared. */
const call = (replica: ApiProcess, method: string, url: string, options: Parameters<typeof http>[3] = {}) =>
  http(replica.base, method, url, { ...options, headers: { 'x-forwarded-for': ip(), ...options.headers } });

async function mailTo(email: string, pattern: RegExp): Promise<string> {
  const [mail] = await db.query<{ body: string }>(
    `SELECT body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const match = mail && pattern.exec(mail.body);
  if (!match) throw new Error(`no mail to ${email} matching ${pattern}`);
  return decodeURIComponent(match[1]!);
}

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
  const env = { DATABASE_URL: process.env.DATABASE_URL!, TRUST_PROXY: '1', LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '3' };
  // One at a time: the first migrates, the second finds it done.
  a = await startApi(env);
  b = await startApi(env);
}, 240_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
});

let owner: { token: string; companyId: string; userName: string; email: string };

test('register on one, verify the mailed link on the other, sign in on the first', async () => {
  const userName = unique('owner');
  const email = `${userName}@example.com`;
  const reg = await call(a, 'POST', '/api/auth/company-with-admin', {
    body: {
      companyName: unique('Replica Co '),
      userName,
      email,
      firstName: 'Rea',
      lastName: 'Plica',
      password: PASSWORD,
      phone: '1',
      industry: 'Retail',
      withGoogle: false,
    },
  });
  expect(reg.status).toBe(200);
  const verify = await call(b, 'POST', '/api/auth/verify-email', {
    body: { token: await mailTo(email, /verify-email\?token=([^\s&]+)/) },
  });
  expect(verify.status).toBe(200);
  const login = await call(a, 'POST', '/api/auth/login', { body: { userName, password: PASSWORD } });
  expect(login.status).toBe(200);
  owner = { token: login.body.token, companyId: reg.body.companyId, userName, email };
});

test('sign-in throttling counts failures on both replicas together', async () => {
  const from = { 'x-forwarded-for': ip() };
  for (const replica of [a, b, a])
    expect(
      (
        await call(replica, 'POST', '/api/auth/login', {
          body: { userName: owner.userName, password: 'wrong-one' },
          headers: from,
        })
      ).status,
    ).toBe(401);
  const fourth = await call(b, 'POST', '/api/auth/login', {
    body: { userName: owner.userName, password: PASSWORD },
    headers: from,
  });
  expect(fourth.status).toBe(429);
});

test('a reset link asked for on one replica works once on the other', async () => {
  expect((await call(b, 'POST', '/api/auth/forgot-password', { body: { email: owner.email } })).status).toBe(200);
  const token = await mailTo(owner.email, /token=([\w-]+)/);
  const body = { email: owner.email, token, newPassword: 'replica-password-1', confirmPassword: 'replica-password-1' };
  expect((await call(a, 'POST', '/api/auth/reset-password', { body })).status).toBe(200);
  expect((await call(b, 'POST', '/api/auth/reset-password', { body })).body.code).toBe('RESET_TOKEN_INVALID');
  const login = await call(b, 'POST', '/api/auth/login', {
    body: { userName: owner.userName, password: 'replica-password-1' },
  });
  expect(login.status).toBe(200);
  owner.token = login.body.token;
});

test('an invitation made on one replica is looked up and accepted on the other', async () => {
  const email = `${unique('inv')}@example.com`;
  const inv = await call(a, 'POST', '/api/invitations', {
    token: owner.token,
    body: { email, roles: ['Storekeeper'] },
  });
  expect(inv.status).toBe(201);
  expect((await call(b, 'GET', `/api/auth/validate-invitation/${inv.body.id}`)).status).toBe(200);
  const accepted = await call(b, 'POST', '/api/auth/register-with-invitation', {
    body: {
      invitationId: inv.body.id,
      userName: unique('user'),
      email,
      firstName: 'I',
      lastName: 'V',
      password: PASSWORD,
    },
  });
  expect(accepted.status).toBe(200);
  const again = await call(a, 'POST', '/api/auth/register-with-invitation', {
    body: {
      invitationId: inv.body.id,
      userName: unique('user'),
      email,
      firstName: 'I',
      lastName: 'V',
      password: PASSWORD,
    },
  });
  expect(again.status).toBeGreaterThanOrEqual(400);
  expect(again.status).toBeLessThan(500);
});

test('a payment webhook delivered to both replicas is applied once', async () => {
  const [row] = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'stripe-local-webhook'`);
  const event = {
    id: `evt_${unique()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: 'cs_test_replica',
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: owner.companyId,
        subscription: `sub_${unique()}`,
        metadata: { companyId: owner.companyId, kind: 'plan', interval: 'month' },
      },
    },
  };
  const payload = JSON.stringify(event);
  const deliver = (replica: ApiProcess) =>
    call(replica, 'POST', '/api/billing/webhook', {
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: row!.value }) },
    });
  const [first, second] = await Promise.all([deliver(a), deliver(b)]);
  expect([first.body.outcome, second.body.outcome].sort()).toEqual(['applied', 'duplicate']);
});

test('an import uploaded to one replica is followed on the other; a sale on one reaches a stream on the other', async () => {
  await activatePremium(db, owner.companyId, 'month', new Date(Date.now() + 30 * 86_400_000));
  const made = async (url: string, body: object) =>
    (await call(a, 'POST', url, { token: owner.token, body })).body.id as string;
  await made('/api/item-types', { name: 'Phone' });
  await made('/api/locations', { name: 'Shop' });

  const ticket = (await call(a, 'POST', '/api/events/ticket', { token: owner.token })).body.ticket as string;
  const stream = await openStream(`${b.base}/api/events/stream?ticket=${ticket}`);
  expect(stream.status).toBe(200);
  await stream.next((m) => m.event === 'ready');

  const rows = Array.from({ length: 50 }, (_, i) => `REP-${i},Phone,Shop`).join('\n');
  const upload = await call(b, 'POST', '/api/imports/items', {
    token: owner.token,
    body: `serial,itemType,location\n${rows}\n`,
    contentType: 'text/csv',
  });
  expect(upload.status).toBe(202);
  let job = upload.body;
  for (let i = 0; i < 100 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    job = (await call(a, 'GET', `/api/imports/${upload.body.id}`, { token: owner.token })).body;
  }
  expect(job).toMatchObject({ status: 'succeeded', rowsDone: 50 });
  await stream.next((m) => m.event === 'item.changed' && (m.data as { count: number }).count === 50);

  const sale = await call(a, 'POST', '/api/sales', {
    token: owner.token,
    body: { lines: [{ serial: 'REP-7', price: 9 }] },
  });
  expect(sale.status).toBe(201);
  const event = await stream.next((m) => m.event === 'sale.made');
  expect(event.data).toMatchObject({ ids: [sale.body.id] });
  stream.close();

  // And the other way: a ticket from the second replica opens a stream on the first.
  const back = (await call(b, 'POST', '/api/events/ticket', { token: owner.token })).body.ticket as string;
  const other = await openStream(`${a.base}/api/events/stream?ticket=${back}`);
  expect(other.status).toBe(200);
  other.close();
}, 60_000);

test('a user’s streams on both replicas share one cap; deactivated on one replica, their streams on both end', async () => {
  const userName = unique('live');
  const email = `${userName}@example.com`;
  const inv = await call(a, 'POST', '/api/invitations', {
    token: owner.token,
    body: { email, roles: ['Storekeeper'] },
  });
  expect(inv.status).toBe(201);
  const accepted = await call(b, 'POST', '/api/auth/register-with-invitation', {
    body: { invitationId: inv.body.id, email, userName, firstName: 'Li', lastName: 'Ve', password: PASSWORD },
  });
  expect(accepted.status).toBe(200);
  const verify = await call(a, 'POST', '/api/auth/verify-email', {
    body: { token: await mailTo(email, /verify-email\?token=([^\s&]+)/) },
  });
  expect(verify.status).toBe(200);
  const login = await call(b, 'POST', '/api/auth/login', { body: { userName, password: PASSWORD } });
  expect(login.status).toBe(200);
  const user = { token: login.body.token as string, id: login.body.user.id as string };

  // Tabs opening one after another, alternately on each replica (the ticket from the other one).
  const open: SseStream[] = [];
  for (let i = 0; i <= STREAMS_PER_USER; i++) {
    const [here, there] = i % 2 ? [b, a] : [a, b];
    const ticket = (await call(there, 'POST', '/api/events/ticket', { token: user.token })).body.ticket as string;
    const stream = await openStream(`${here.base}/api/events/stream?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    await stream.next((m) => m.event === 'ready');
    open.push(stream);
  }
  // The oldest (on the first replica) made room for the newest (on the second).
  expect((await open[0]!.next((m) => m.event === 'closed')).data).toEqual({ reason: 'too-many-streams' });
  await open[0]!.ended;
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_streams WHERE user_id = $1`, [
    user.id,
  ]);
  expect(row!.n).toBe(STREAMS_PER_USER);

  expect((await call(a, 'POST', `/api/users/${user.id}/deactivate`, { token: owner.token })).status).toBe(200);
  for (const stream of open.slice(1)) {
    expect((await stream.next((m) => m.event === 'closed')).data).toEqual({ reason: 'access-changed' });
    await stream.ended;
  }
  expect((await call(b, 'POST', '/api/events/ticket', { token: user.token })).status).toBe(401);
}, 60_000);
