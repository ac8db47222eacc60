import { PREMIUM_PLAN_ID } from '../src/modules/subscriptions/index.js';
import { TIMESTAMP_PATTERN } from '../src/lib/schemas.js';
import {
  addUser,
  bearer,
  closeShared,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// One timestamp format on the wire, stated once in the OpenAPI document (info.description): every
// field declared `format: date-time` is ISO 8601 in UTC to the millisecond, and every field named
// like a moment (…At, …End, …Until) is declared so. Walked from the document, so a new route or
// field is checked the day it exists.

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Operation = { operationId: string; responses?: Record<string, { content?: Record<string, { schema: Schema }> }> };

/**
 * Protocol fields that are not ours to shape. `/auth/v1` is GoTrue's protocol, spoken as
 * supabase-js needs it: its session's `expires_at` is Unix seconds, its rows' `*_at` GoTrue's own.
 */
const NOT_OURS = (path: string, field: string) =>
  path.startsWith('/auth/v1') || (path.startsWith('/api/auth/') && field === 'expires_at');

const MOMENT_NAME = /(At|End|Until)$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

let ctx: TestContext;
let owner: Tenant;
let doc: { info: { description?: string }; paths: Record<string, Record<string, Operation>> };
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: 'Timestamp Co', premium: true });
  const post = async (url: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  // Something behind every timestamp an answer can hold.
  await addUser(ctx.app, owner, ['Storekeeper']);
  ids.invitation = (await post('/api/invitations', { email: `${unique()}@example.com`, roles: ['Storekeeper'] }))
    .id as string;
  ids.itemType = (await post('/api/item-types', { name: 'Stamp type', warrantyMonths: 12 })).id as string;
  ids.location = (await post('/api/locations', { name: 'Stamp store' })).id as string;
  ids.customer = (await post('/api/customers', { name: 'Stamp customer' })).id as string;
  const received = (await post('/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.location,
    serials: [unique('TS-'), unique('TS-')],
  })) as { items: Array<{ id: string; serial: string }> };
  ids.item = received.items[0]!.id;
  ids.serial = received.items[0]!.serial;
  ids.sale = (
    await post('/api/sales', { customerId: ids.customer, lines: [{ serial: received.items[1]!.serial, price: 5 }] })
  ).id as string;
  ids.task = (
    await post('/api/tasks', { title: 'Stamp task', assigneeUserId: owner.userId, dueAt: new Date().toISOString() })
  ).id as string;
  await post('/api/billing/checkout', {
    kind: 'plan',
    planId: PREMIUM_PLAN_ID,
    interval: 'month',
    idempotencyKey: unique('k'),
  }).catch(
    () => null, // Premium is already active: refused, and the history is read all the same
  );
  const imported = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports/items?fileName=stamps.csv',
    headers: { ...bearer(owner.token), 'content-type': 'text/csv' },
    payload: `serial,itemType,location\n${unique('IMP-')},Stamp type,Stamp store\n`,
  });
  ids.import = imported.json().id as string;
  doc = ctx.app.swagger() as unknown as typeof doc;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const branches = (s: Schema): Schema[] => [
  s,
  ...(s.anyOf ?? []).flatMap(branches),
  ...(s.oneOf ?? []).flatMap(branches),
];
const isMoment = (s: Schema) => branches(s).some((b) => b.format === 'date-time');
/** `cancelAtPeriodEnd` and the like: a yes or no about a moment, not one. */
const isFlag = (s: Schema) => s.type === 'boolean';

/** Every property of an answer's schema, with the name it is under. */
function* fields(s: Schema, at = ''): Generator<[string, string, Schema]> {
  for (const b of branches(s)) {
    for (const [name, p] of Object.entries(b.properties ?? {})) {
      yield [name, `${at}.${name}`, p];
      yield* fields(p, `${at}.${name}`);
    }
    if (b.items) yield* fields(b.items, `${at}[]`);
    if (b.additionalProperties && typeof b.additionalProperties === 'object')
      yield* fields(b.additionalProperties, `${at}{}`);
  }
}

const answerSchema = (op: Operation) => op.responses?.['200']?.content?.['application/json']?.schema;

/** The values in an answer that the schema declares date-time, and where. */
function moments(s: Schema, value: unknown, at: string, out: Array<[string, unknown, Schema]>) {
  if (value === null || value === undefined) return;
  if (isMoment(s)) {
    out.push([at, value, s]);
    return;
  }
  for (const b of branches(s)) {
    if (Array.isArray(value) && b.items) value.forEach((v, i) => moments(b.items!, v, `${at}[${i}]`, out));
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, p] of Object.entries(b.properties ?? {}))
        moments(p, (value as Record<string, unknown>)[name], `${at}.${name}`, out);
      if (b.additionalProperties && typeof b.additionalProperties === 'object')
        for (const [name, v] of Object.entries(value)) moments(b.additionalProperties, v, `${at}.${name}`, out);
    }
  }
}

test('the OpenAPI document states the one timestamp format once, in its description', () => {
  expect(doc.info.description).toContain('ISO 8601');
  expect(doc.info.description).toContain('UTC');
});

test('every answer field named like a moment (…At, …End, …Until) is declared format: date-time', () => {
  const undeclared: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const schema = answerSchema(op);
      if (!schema) continue;
      for (const [name, where, s] of fields(schema))
        if ((MOMENT_NAME.test(name) || name.endsWith('_at')) && !isFlag(s) && !isMoment(s) && !NOT_OURS(path, name))
          undeclared.push(`${method.toUpperCase()} ${path} ${where}`);
    }
  expect(undeclared).toEqual([]);
});

test('every date-time in every answer a company owner can read is ISO 8601 UTC to the millisecond', async () => {
  const pathIds: Record<string, string> = {
    getCompany: owner.companyId,
    getItemType: ids.itemType!,
    getLocation: ids.location!,
    getCustomer: ids.customer!,
    getCustomerHistory: ids.customer!,
    getItem: ids.item!,
    getItemHistory: ids.item!,
    getItemBySerial: ids.serial!,
    getSale: ids.sale!,
    getImport: ids.import!,
  };
  const checked: string[] = [];
  const wrong: string[] = [];
  let seen = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    const op = ops.get;
    const schema = op && answerSchema(op);
    if (!op || !schema || path.startsWith('/auth/v1')) continue;
    if (path.includes('{') && !pathIds[op.operationId]) continue;
    const url = path.replace(/\{[^}]+\}/g, pathIds[op.operationId] ?? '');
    const res = await ctx.app.inject({ url, headers: bearer(owner.token) });
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) continue;
    checked.push(op.operationId);
    const found: Array<[string, unknown, Schema]> = [];
    moments(schema, res.json(), op.operationId, found);
    for (const [at, value, s] of found) {
      seen++;
      const dateAllowed = branches(s).some((b) => b.format === 'date');
      const ok = typeof value === 'string' && (TIMESTAMP_PATTERN.test(value) || (dateAllowed && DATE_ONLY.test(value)));
      if (!ok) wrong.push(`${at} = ${JSON.stringify(value)}`);
    }
  }
  expect(wrong).toEqual([]);
  // The walk reached the answers that hold timestamps (not a vacuous pass).
  expect(checked).toEqual(
    expect.arrayContaining([
      'getCurrentSubscription',
      'getBillingOverview',
      'listInvitations',
      'listUsers',
      'listItems',
      'getItem',
      'listSales',
      'listTasks',
      'listImports',
      'listSessions',
      'getMyCompany',
    ]),
  );
  expect(seen).toBeGreaterThan(20);
}, 120_000);
