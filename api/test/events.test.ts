import { STREAMS_PER_COMPANY, STREAMS_PER_USER } from '../src/modules/events/index.js';
import {
  addUser,
  bearer,
  callsAs,
  closeShared,
  registerCompany,
  signIn,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';
import { openStream, type SseStream } from './sse.js';

// Live updates as a browser meets them: a ticket, a stream, the company's changes and nobody else's.
let ctx: TestContext;
let base: string;
let alpha: Tenant;
let beta: Tenant;
let place: { itemType: string; location: string };
const streams: SseStream[] = [];

const { call } = callsAs(() => ctx.app);

async function ticketFor(who: Tenant): Promise<string> {
  const res = await call(who, 'POST', '/api/events/ticket');
  expect(res.statusCode).toBe(201);
  return res.json().ticket as string;
}
async function streamOf(who: Tenant): Promise<SseStream> {
  const stream = await openStream(`${base}/api/events/stream?ticket=${await ticketFor(who)}`);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((m) => m.event === 'ready');
  return stream;
}

beforeAll(async () => {
  ctx = await testApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  alpha = await registerCompany(ctx.app, { name: 'Live Alpha', premium: true });
  beta = await registerCompany(ctx.app, 'Live Beta');
  const made = async (url: string, body: object) => (await call(alpha, 'POST', url, body)).json().id as string;
  place = {
    itemType: await made('/api/item-types', { name: 'Phone' }),
    location: await made('/api/locations', { name: 'Shop' }),
  };
}, 120_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
  await closeShared();
});

test('a reception and a sale reach the company’s stream — and never another company’s', async () => {
  const mine = await streamOf(alpha);
  const theirs = await streamOf(beta);
  const received = await call(alpha, 'POST', '/api/items/receive', {
    itemTypeId: place.itemType,
    locationId: place.location,
    serials: ['LIVE-1', 'LIVE-2'],
  });
  expect(received.statusCode).toBe(201);
  const itemIds = received.json().items.map((i: { id: string }) => i.id);
  const changed = await mine.next((m) => m.event === 'item.changed');
  expect(changed.data).toEqual({
    kind: 'item.changed',
    resources: expect.arrayContaining(['items', 'reports', 'dashboard']),
    ids: itemIds,
    count: 2,
  });
  const sale = await call(alpha, 'POST', '/api/sales', { lines: [{ serial: 'LIVE-1', price: 5 }] });
  expect(sale.statusCode).toBe(201);
  const sold = await mine.next((m) => m.event === 'sale.made');
  expect(sold.data).toMatchObject({ ids: [sale.json().id], resources: expect.arrayContaining(['sales']) });
  await mine.next((m) => m.event === 'item.changed' && (m.data as { ids: string[] }).ids[0] === itemIds[0]);

  // Beta's own change arrives on Beta's stream, after which Alpha's would have arrived too: none did.
  expect((await call(beta, 'PUT', '/api/company/' + beta.companyId, { phone: '+1 555 0101' })).statusCode).toBe(200);
  const own = await theirs.next((m) => m.event === 'settings.changed');
  expect(own.data).toMatchObject({ resources: ['company'], ids: [beta.companyId] });
  expect(theirs.messages.map((m) => m.event)).toEqual(['ready', 'settings.changed']);
  expect(JSON.stringify(theirs.messages)).not.toContain(itemIds[0]);
});

test('a refused change (rolled back) announces nothing; the next committed one is the first to arrive', async () => {
  const mine = await streamOf(alpha);
  const refused = await call(alpha, 'POST', '/api/sales', { lines: [{ serial: 'LIVE-1', price: 5 }] });
  expect(refused.statusCode).toBe(409);
  const task = await call(alpha, 'POST', '/api/tasks', { title: 'Count the shelf', assigneeUserId: alpha.userId });
  expect(task.statusCode).toBe(201);
  await mine.next((m) => m.event === 'task.changed');
  expect(mine.messages.map((m) => m.event)).toEqual(['ready', 'task.changed']);
});

test('a ticket opens one stream once; unknown, expired and bearer-less requests get 401 and no stream', async () => {
  const ticket = await ticketFor(alpha);
  const first = await openStream(`${base}/api/events/stream?ticket=${ticket}`);
  streams.push(first);
  expect(first.status).toBe(200);
  const again = await fetch(`${base}/api/events/stream?ticket=${ticket}`);
  expect(again.status).toBe(401);
  expect(((await again.json()) as { code: string }).code).toBe('TICKET_INVALID');

  const stale = await ticketFor(alpha);
  await ctx.db.query(`UPDATE event_tickets SET expires_at = now() - interval '1 second'`);
  expect((await fetch(`${base}/api/events/stream?ticket=${stale}`)).status).toBe(401);
  expect((await fetch(`${base}/api/events/stream?ticket=${'x'.repeat(43)}`)).status).toBe(401);
  expect((await fetch(`${base}/api/events/stream`)).status).toBe(400);
  expect((await ctx.app.inject({ method: 'POST', url: '/api/events/ticket' })).statusCode).toBe(401);
  // The long-lived token is no ticket.
  expect((await fetch(`${base}/api/events/stream?ticket=${alpha.token}`)).status).toBe(400);
});

test('a closed stream is forgotten by the process', async () => {
  const before = ctx.app.events.size;
  const stream = await streamOf(alpha);
  expect(ctx.app.events.size).toBe(before + 1);
  stream.close();
  for (let i = 0; i < 50 && ctx.app.events.size > before; i++) await new Promise((r) => setTimeout(r, 20));
  expect(ctx.app.events.size).toBe(before);
});

// Who gets a stream, what it carries, and how many: claims decide the events, a user or company
// past its share has its oldest stream closed or is refused, and losing access ends the stream.
async function roleWith(name: string, permissions: string[]): Promise<void> {
  const role = await call(alpha, 'POST', '/api/roles', { name });
  expect(role.statusCode).toBe(201);
  const claims = permissions.map((value) => ({ type: 'permission', value }));
  expect((await call(alpha, 'PUT', `/api/roles/${role.json().id}/claims`, { claims })).statusCode).toBe(200);
}

test('a role with no claims gets no ticket (403), so no stream', async () => {
  await roleWith('Nothing Yet', []);
  const idle = await addUser(ctx.app, alpha, ['Nothing Yet']);
  const res = await call(idle, 'POST', '/api/events/ticket');
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toMatch(/live updates/i);
});

test('a stream carries only what its holder’s claims let them read', async () => {
  await roleWith('Dashboard Only', ['dashboard.view']);
  const viewer = await addUser(ctx.app, alpha, ['Dashboard Only']);
  const theirs = await streamOf(viewer);
  const mine = await streamOf(alpha);
  // A role change (users.manage only) and a stock reception (items: not the viewer's), then a
  // company change, which every user reads: it arrives after the others would have.
  expect((await call(alpha, 'POST', '/api/roles', { name: unique('Quiet ') })).statusCode).toBe(201);
  const received = await call(alpha, 'POST', '/api/items/receive', {
    itemTypeId: place.itemType,
    locationId: place.location,
    serials: [unique('FILTER-')],
  });
  expect(received.statusCode).toBe(201);
  expect((await call(alpha, 'PUT', '/api/company/' + alpha.companyId, { phone: '+1 555 0199' })).statusCode).toBe(200);
  await mine.next(
    (m) => m.event === 'settings.changed' && (m.data as { resources: string[] }).resources[0] === 'company',
  );
  await theirs.next((m) => m.event === 'settings.changed');
  expect(mine.messages.map((m) => m.event)).toEqual(['ready', 'settings.changed', 'item.changed', 'settings.changed']);
  // The viewer hears that the dashboard changed — not which items, not the roles.
  expect(theirs.messages.map((m) => m.event)).toEqual(['ready', 'item.changed', 'settings.changed']);
  expect(theirs.messages[1]!.data).toEqual({
    kind: 'item.changed',
    resources: ['dashboard', 'tasks'],
    ids: null,
    count: 1,
  });
  expect(JSON.stringify(theirs.messages)).not.toContain(received.json().items[0].id);
  expect(theirs.messages[2]!.data).toMatchObject({ resources: ['company'] });
});

test('a user past their share of streams: the oldest is told and closed, the new one opens', async () => {
  const user = await addUser(ctx.app, alpha, ['Storekeeper']);
  const open: SseStream[] = [];
  for (let i = 0; i < STREAMS_PER_USER + 2; i++) open.push(await streamOf(user));
  for (const old of open.slice(0, 2)) {
    const closed = await old.next((m) => m.event === 'closed');
    expect(closed.data).toEqual({ reason: 'too-many-streams' });
    await old.ended;
  }
  const [row] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_streams WHERE user_id = $1`, [
    user.userId,
  ]);
  expect(row!.n).toBe(STREAMS_PER_USER);
  // The newest ones still carry the company's changes.
  expect((await call(alpha, 'PUT', '/api/company/' + alpha.companyId, { phone: '+1 555 0177' })).statusCode).toBe(200);
  for (const s of open.slice(2)) await s.next((m) => m.event === 'settings.changed');
});

test('a company at its share of streams (on any replica): a new ticket is a 429 that says why', async () => {
  const company = await registerCompany(ctx.app, 'Live Full');
  // Streams the other replicas hold, as they record them.
  await ctx.db.query(
    `INSERT INTO event_streams (id, company_id, user_id) SELECT gen_random_uuid(), $1, gen_random_uuid()
       FROM generate_series(1, $2)`,
    [company.companyId, STREAMS_PER_COMPANY],
  );
  const res = await call(company, 'POST', '/api/events/ticket');
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toContain(`${STREAMS_PER_COMPANY} live-update connections`);
  // A replica that stopped renewing its rows (it crashed) no longer counts.
  await ctx.db.query(`UPDATE event_streams SET seen_at = now() - interval '1 hour' WHERE company_id = $1`, [
    company.companyId,
  ]);
  expect((await call(company, 'POST', '/api/events/ticket')).statusCode).toBe(201);
});

test('deactivating a user or changing their roles ends their open stream', async () => {
  const user = await addUser(ctx.app, alpha, ['Storekeeper']);
  const first = await streamOf(user);
  expect((await call(alpha, 'PUT', `/api/users/${user.userId}/roles`, { roles: ['Rapid Seller'] })).statusCode).toBe(
    200,
  );
  expect((await first.next((m) => m.event === 'closed')).data).toEqual({ reason: 'access-changed' });
  await first.ended;

  // Taking a role away also ended the user's sessions: they sign in again.
  const again = { ...user, token: (await signIn(ctx.app, user.userName)).token };
  const second = await streamOf(again);
  expect((await call(alpha, 'POST', `/api/users/${user.userId}/deactivate`)).statusCode).toBe(200);
  expect((await second.next((m) => m.event === 'closed')).data).toEqual({ reason: 'access-changed' });
  await second.ended;
  // And nothing more of the company reaches it.
  expect((await call(alpha, 'PUT', '/api/company/' + alpha.companyId, { phone: '+1 555 0155' })).statusCode).toBe(200);
  expect(second.messages.map((m) => m.event)).toEqual(['ready', 'closed']);
});

/** The user signs out of every device (supabase-js's default sign-out, scope global). */
async function signOutEverywhere(user: Tenant) {
  const { auth } = (await ctx.app.inject({ url: '/api/environment' })).json() as { auth: { key: string } };
  const out = await ctx.app.inject({
    method: 'POST',
    url: '/auth/v1/logout?scope=global',
    headers: { apikey: auth.key, ...bearer(user.token) },
  });
  expect(out.statusCode).toBe(204);
}

test('signing out everywhere ends the user’s open stream', async () => {
  const user = await addUser(ctx.app, alpha, ['Storekeeper']);
  const stream = await streamOf(user);
  await signOutEverywhere(user);
  expect((await stream.next((m) => m.event === 'closed')).data).toEqual({ reason: 'access-changed' });
  await stream.ended;
  // Its token cannot open another.
  expect((await call(user, 'POST', '/api/events/ticket')).statusCode).toBe(401);
});

test('a ticket asked for just before signing out opens no stream after it', async () => {
  const user = await addUser(ctx.app, alpha, ['Storekeeper']);
  const ticket = await ticketFor(user);
  await signOutEverywhere(user);
  // Within its 30 s, unused: still refused, its session being over.
  expect((await fetch(`${base}/api/events/stream?ticket=${ticket}`)).status).toBe(401);
});

test('a change to a role’s claims ends the streams of the users who hold it', async () => {
  const role = await call(alpha, 'POST', '/api/roles', { name: unique('Counter ') });
  const claims = [{ type: 'permission', value: 'items.view' }];
  expect((await call(alpha, 'PUT', `/api/roles/${role.json().id}/claims`, { claims })).statusCode).toBe(200);
  const user = await addUser(ctx.app, alpha, [role.json().name]);
  const stream = await streamOf(user);
  const fewer = [{ type: 'permission', value: 'dashboard.view' }];
  expect((await call(alpha, 'PUT', `/api/roles/${role.json().id}/claims`, { claims: fewer })).statusCode).toBe(200);
  expect((await stream.next((m) => m.event === 'closed')).data).toEqual({ reason: 'access-changed' });
  await stream.ended;
});

test('a stream request refused after its ticket (no event streams accepted, or the client gone) leaves no stream', async () => {
  const user = await addUser(ctx.app, alpha, ['Storekeeper']);
  const before = ctx.app.events.size;
  const rows = async () =>
    (
      await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_streams WHERE user_id = $1`, [
        user.userId,
      ])
    )[0]!.n;
  // @fastify/sse answers these itself, without the route's handler.
  for (let i = 0; i < STREAMS_PER_USER + 1; i++) {
    const refused = await fetch(`${base}/api/events/stream?ticket=${await ticketFor(user)}`, {
      headers: { accept: 'application/json' },
    });
    expect(refused.status).toBe(406);
  }
  // And a client that leaves while its stream is being admitted.
  const leaving = new AbortController();
  const gone = fetch(`${base}/api/events/stream?ticket=${await ticketFor(user)}`, {
    headers: { accept: 'text/event-stream' },
    signal: leaving.signal,
  }).catch(() => undefined);
  setImmediate(() => leaving.abort());
  await gone;
  for (let i = 0; i < 100 && (ctx.app.events.size > before || (await rows()) > 0); i++)
    await new Promise((r) => setTimeout(r, 20));
  expect(ctx.app.events.size).toBe(before);
  expect(await rows()).toBe(0);
});

test('a stream whose row another replica removed ends at its next renewal, so the browser reconnects and is counted', async () => {
  const user = await addUser(ctx.app, alpha, ['Storekeeper']);
  const kept = await streamOf(user);
  const lost = await streamOf(user);
  const [newest] = await ctx.db.query<{ id: string }>(
    `SELECT id FROM event_streams WHERE user_id = $1 ORDER BY opened_at DESC LIMIT 1`,
    [user.userId],
  );
  // Swept as lapsed by another replica while this one stalled.
  await ctx.db.query(`DELETE FROM event_streams WHERE id = $1`, [newest!.id]);
  await ctx.app.events.renew();
  expect((await lost.next((m) => m.event === 'closed')).data).toEqual({ reason: 'lapsed' });
  await lost.ended;
  expect((await call(alpha, 'PUT', '/api/company/' + alpha.companyId, { phone: '+1 555 0133' })).statusCode).toBe(200);
  await kept.next((m) => m.event === 'settings.changed');
  expect(kept.messages.map((m) => m.event)).not.toContain('closed');
});

test('a billing-only role hears nothing of users: seeing the seat count does not make it a reader of users', async () => {
  await roleWith('Billing Dashboard', ['billing.manage', 'dashboard.view']);
  const payer = await addUser(ctx.app, alpha, ['Billing Dashboard']);
  const theirs = await streamOf(payer);
  const other = await addUser(ctx.app, alpha, ['Storekeeper']);
  expect((await call(alpha, 'PUT', `/api/users/${other.userId}/roles`, { roles: ['Rapid Seller'] })).statusCode).toBe(
    200,
  );
  expect((await call(alpha, 'PUT', '/api/company/' + alpha.companyId, { phone: '+1 555 0144' })).statusCode).toBe(200);
  await theirs.next(
    (m) => m.event === 'settings.changed' && (m.data as { resources: string[] }).resources[0] === 'company',
  );
  expect(JSON.stringify(theirs.messages)).not.toContain(other.userId);
  expect(theirs.messages.map((m) => (m.data as { resources?: string[] }).resources ?? [])).not.toContainEqual([
    'users',
  ]);
});
