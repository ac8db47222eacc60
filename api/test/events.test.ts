import { activatePremium } from '../src/modules/subscriptions/service.js';
import { bearer, closeShared, registerCompany, testApp, type Tenant, type TestContext } from './helpers.js';
import { openStream, type SseStream } from './sse.js';

// Live updates as a browser meets them: a ticket, a stream, the company's changes and nobody else's.
let ctx: TestContext;
let base: string;
let alpha: Tenant;
let beta: Tenant;
let place: { itemType: string; location: string };
const streams: SseStream[] = [];

const call = (who: Tenant, method: string, url: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

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
  alpha = await registerCompany(ctx.app, 'Live Alpha');
  beta = await registerCompany(ctx.app, 'Live Beta');
  await activatePremium(ctx.db, alpha.companyId, 'month', new Date(Date.now() + 30 * 86_400_000));
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
