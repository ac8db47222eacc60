import { activatePremium, PREMIUM_PLAN_ID } from '../src/modules/subscriptions/service.js';
import { BUILT_IN_ROLES } from '../src/modules/auth/accounts.js';
import { ROLES_KEY } from '../src/access/index.js';
import { writableTables } from './catalogue.js';
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

// Security sweeps generated from the OpenAPI document: a new route is swept the day it exists.
// A route this file cannot call (no id or body known for it) fails the sweep until it is added.
type Operation = { operationId: string; security?: unknown[]; [ROLES_KEY]?: string[] };
type Route = { method: string; path: string; op: Operation };

let ctx: TestContext;
let alpha: Tenant;
let beta: Tenant;
let alphaInvitation: string;
const byRole = new Map<string, Tenant>();
let routes: Route[];

beforeAll(async () => {
  ctx = await testApp();
  alpha = await registerCompany(ctx.app, 'Sweep Alpha');
  beta = await registerCompany(ctx.app, 'Sweep Beta');
  await activatePremium(ctx.db, alpha.companyId, 'month', new Date(Date.now() + 30 * 86_400_000));
  byRole.set('Company Owner', alpha);
  for (const role of BUILT_IN_ROLES.filter((r) => r !== 'Company Owner'))
    byRole.set(role, await addUser(ctx.app, alpha, [role]));
  alphaInvitation = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(alpha.token),
      payload: { email: `${unique()}@alpha.io`, roles: ['Storekeeper'] },
    })
  ).json().id;
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

/** Alpha's id for each signed-in route with a path parameter. */
const ALPHA_IDS: Record<string, () => string> = {
  getProfilePicture: () => alpha.userId,
  getCompany: () => alpha.companyId,
  updateCompany: () => alpha.companyId,
  revokeInvitation: () => alphaInvitation,
};

/** A body that passes validation, for each signed-in route that takes one. */
const BODIES: Record<string, () => object> = {
  updateCompany: () => ({ phone: '+1 555 0199' }),
  createInvitation: () => ({ email: `${unique()}@sweep.io`, roles: ['Storekeeper'] }),
  createCheckout: () => ({ kind: 'plan', planId: PREMIUM_PLAN_ID, interval: 'month', idempotencyKey: unique('k') }),
  createLocation: () => ({ name: unique('Shelf ') }),
  updateUser: () => ({ firstName: 'Sweep' }),
  connectGoogle: () => ({ idToken: 'not-a-token' }),
};

const signedIn = (r: Route) => Array.isArray(r.op.security) && r.op.security.length > 0;
const hasBody = (r: Route) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.op.operationId in BODIES;
const urlFor = (r: Route, id: string) => r.path.replace(/\{[^}]+\}/g, id);

async function snapshot(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await writableTables(ctx.db)) {
    out[t] = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]!.n;
  }
  const [company] = await ctx.db.query(`SELECT company_name, phone, logo_path FROM companies WHERE id = $1`, [
    alpha.companyId,
  ]);
  out.alphaCompany = JSON.stringify(company).length;
  const [inv] = await ctx.db.query<{ status: string }>(`SELECT status FROM invitations WHERE id = $1`, [
    alphaInvitation,
  ]);
  out.alphaInvitationPending = inv?.status === 'pending' ? 1 : 0;
  return out;
}

test('every signed-in route with a path parameter, called by another company with Alpha’s ids: 404, nothing read, nothing changed', async () => {
  const withParams = routes.filter((r) => signedIn(r) && r.path.includes('{'));
  expect(withParams.length).toBeGreaterThanOrEqual(4);
  for (const r of withParams) {
    const id = ALPHA_IDS[r.op.operationId];
    if (!id) throw new Error(`the cross-tenant sweep knows no Alpha id for ${r.op.operationId}: add it to ALPHA_IDS`);
    const before = await snapshot();
    const res = await ctx.app.inject({
      method: r.method as 'GET',
      url: urlFor(r, id()),
      headers: bearer(beta.token),
      ...(hasBody(r) ? { payload: BODIES[r.op.operationId]!() } : {}),
    });
    expect({ route: `${r.method} ${r.path}`, status: res.statusCode }).toEqual({
      route: `${r.method} ${r.path}`,
      status: 404,
    });
    expect(res.body).not.toContain('Sweep Alpha');
    expect(res.headers.location).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  }
});

test('every route that declares roles, called by each built-in role: 403 exactly for the roles it does not name', async () => {
  const declared = routes.filter((r) => r.op[ROLES_KEY]);
  expect(declared.length).toBeGreaterThanOrEqual(8);
  const outcome: string[] = [];
  for (const r of declared) {
    const allowed = r.op[ROLES_KEY]!;
    if (
      ['POST', 'PUT', 'PATCH'].includes(r.method) &&
      !(r.op.operationId in BODIES) &&
      r.path.includes('{') === false
    ) {
      if (!['cancelSubscription', 'resumeSubscription'].includes(r.op.operationId))
        throw new Error(`the role sweep knows no body for ${r.op.operationId}: add it to BODIES`);
    }
    // Refused roles first, so an allowed call that changes something cannot hide a refusal.
    const order = [...BUILT_IN_ROLES].sort((a, b) => Number(allowed.includes(a)) - Number(allowed.includes(b)));
    for (const role of order) {
      const caller = byRole.get(role)!;
      const id = ALPHA_IDS[r.op.operationId];
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: id ? urlFor(r, id()) : r.path,
        headers: bearer(caller.token),
        ...(hasBody(r) ? { payload: BODIES[r.op.operationId]!() } : {}),
      });
      expect(res.statusCode).toBeLessThan(500);
      const refused = res.statusCode === 403;
      outcome.push(`${r.op.operationId} ${role}: ${refused ? 'refused' : 'allowed'}`);
      expect(`${r.op.operationId} ${role}: ${refused ? 'refused' : 'allowed'}`).toBe(
        `${r.op.operationId} ${role}: ${allowed.includes(role) ? 'allowed' : 'refused'}`,
      );
    }
  }
  expect(outcome.filter((o) => o.endsWith('refused')).length).toBeGreaterThan(0);
});

test('every signed-in route that changes something declares who may call it (self-service routes named here)', () => {
  const SELF_SERVICE = ['updateUser', 'connectGoogle'];
  const undeclared = routes
    .filter((r) => signedIn(r) && r.method !== 'GET' && !r.op[ROLES_KEY] && !SELF_SERVICE.includes(r.op.operationId))
    .map((r) => `${r.method} ${r.path}`);
  expect(undeclared).toEqual([]);
});
