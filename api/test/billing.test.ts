import Stripe from 'stripe';
import { inTenant } from '../src/db/tenant.js';
import { periodEndAfter } from '../src/modules/billing/events.js';
import { StripePaymentProvider, type StripeApi } from '../src/modules/billing/providers/stripe.js';
import { chargeTestCard } from '../src/modules/billing/providers/local/test-cards.js';
import { activatePremium, PREMIUM_PLAN_ID } from '../src/modules/subscriptions/service.js';
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

const EXTRA_USERS = '00000000-0000-4000-8000-000000000101';
const EXTRA_LOCATION = '00000000-0000-4000-8000-000000000102';
const CARD = { expiry: '12 / 34', cvc: '123', name: 'Olga Owner' };

let ctx: TestContext;
let secret: string;
beforeAll(async () => {
  ctx = await testApp();
  const [row] = await ctx.db.query<{ value: string }>(
    `SELECT value FROM app_secrets WHERE name = 'stripe-local-webhook'`,
  );
  secret = row!.value;
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const key = () => unique('idem-');
const checkout = (t: Tenant, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: bearer(t.token),
    payload: { idempotencyKey: key(), ...body },
  });
const buyPremium = (t: Tenant, interval: 'month' | 'year', idempotencyKey = key()) =>
  checkout(t, { kind: 'plan', planId: PREMIUM_PLAN_ID, interval, idempotencyKey });
const pathOf = (url: string) => new URL(url).pathname;
const pay = (checkoutUrl: string, cardNumber: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${pathOf(checkoutUrl)}/pay`,
    payload: new URLSearchParams({ cardNumber, ...CARD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const current = async (t: Tenant) =>
  (await ctx.app.inject({ url: '/api/subscription/current', headers: bearer(t.token) })).json();
const overview = async (t: Tenant) =>
  (await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(t.token) })).json();
const usage = async (t: Tenant) =>
  (await ctx.app.inject({ url: '/api/billing/usage', headers: bearer(t.token) })).json();

function signed(event: object, options: { timestamp?: number; secret?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, header };
}
const deliver = (payload: string, header?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload,
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
  });
const eventCount = async () =>
  (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM billing_events`))[0]!.n;

/** A company that bought Premium (monthly) through the embedded checkout. */
async function premiumCompany(): Promise<{ owner: Tenant; subscriptionId: string }> {
  const owner = await registerCompany(ctx.app);
  const res = await buyPremium(owner, 'month');
  expect((await pay(res.json().url, '4242 4242 4242 4242')).statusCode).toBe(303);
  const [row] = await inTenant(ctx.db, owner.companyId, (q) =>
    q.query<{ id: string }>(`SELECT stripe_subscription_id AS id FROM subscriptions`),
  );
  return { owner, subscriptionId: row!.id };
}

function invoiceEvent(
  type: string,
  companyId: string,
  subscriptionId: string,
  periodEnd: number,
  id = `evt_${unique()}`,
) {
  return {
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `in_${unique()}`,
        object: 'invoice',
        amount_paid: 2900,
        amount_due: 2900,
        currency: 'usd',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata: { companyId } },
        },
        lines: {
          object: 'list',
          data: [{ description: '1 × Premium (monthly)', period: { start: periodEnd - 30 * 86400, end: periodEnd } }],
        },
      },
    },
  };
}

describe('embedded checkout (local adapter)', () => {
  test('an owner buys Premium yearly with 4242…: Premium, yearly, a year of period, one payment', async () => {
    const owner = await registerCompany(ctx.app);
    const res = await buyPremium(owner, 'year');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      provider: 'local',
      status: 'open',
      amountCents: 29000,
      currency: 'usd',
      interval: 'year',
      publishableKey: null,
    });
    expect(body.url).toBe(`http://localhost:8080/api/billing/checkout/${body.checkoutId}`);

    const page = await ctx.app.inject({ url: pathOf(body.url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Pay $290.00');
    expect(page.body).toContain('Cancel anytime • 30-day money back guarantee');

    const paid = await pay(body.url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:8080/premium-purchase?checkout=success&checkout_id=${body.checkoutId}`,
    );
    const sub = await current(owner);
    expect(sub).toMatchObject({ status: 0, billingInterval: 'year', plan: { planType: 1, planName: 'Premium Plan' } });
    const days = (Date.parse(sub.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    const ov = await overview(owner);
    expect(ov.subscription).toMatchObject({ premium: true, billingInterval: 'year', cancelAtPeriodEnd: false });
    expect(ov.payments).toHaveLength(1);
    expect(ov.payments[0]).toMatchObject({
      amountCents: 29000,
      currency: 'usd',
      status: 'paid',
      description: '1 × Premium (yearly)',
    });

    // A second submit of the form (double click, back button) pays nothing twice.
    const again = await pay(body.url, '4242 4242 4242 4242');
    expect(again.statusCode).toBe(303);
    expect((await overview(owner)).payments).toHaveLength(1);
    // Already Premium: no second plan checkout.
    expect((await buyPremium(owner, 'month')).statusCode).toBe(409);
  });

  test('a declined card (4000 0000 0000 0002) shows the decline and changes nothing', async () => {
    const owner = await registerCompany(ctx.app);
    const { url } = (await buyPremium(owner, 'year')).json();
    const before = await eventCount();
    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card has been declined.');
    expect(declined.body).toContain('role="alert"');
    expect(await eventCount()).toBe(before);
    expect((await current(owner)).plan.planType).toBe(0);
    expect((await overview(owner)).payments).toEqual([]);
    // The checkout stays open: another card may still pay.
    expect((await pay(url, '4242424242424242')).statusCode).toBe(303);
    expect((await current(owner)).plan.planType).toBe(1);
  });

  test('cancel returns to the pricing page and changes nothing', async () => {
    const owner = await registerCompany(ctx.app);
    const { url } = (await buyPremium(owner, 'month')).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${pathOf(url)}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:8080/premium-purchase?checkout=canceled');
    expect((await current(owner)).plan.planType).toBe(0);
    const page = await ctx.app.inject({ url: pathOf(url) });
    expect(page.body).toContain('This checkout was canceled. Nothing was charged.');
    const refused = await pay(url, '4242424242424242');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This checkout was canceled. Nothing was charged.');
    expect((await current(owner)).plan.planType).toBe(0);
  });

  const openCheckouts = async (t: Tenant) =>
    inTenant(ctx.db, t.companyId, (q) =>
      q.query<{ id: string }>(`SELECT id FROM billing_checkouts WHERE status = 'open' AND expires_at > now()`),
    );

  test('two checkouts opened in turn (two tabs): the first is closed, paying it is refused, one payment is taken', async () => {
    const owner = await registerCompany(ctx.app);
    const first = (await buyPremium(owner, 'month')).json();
    const second = (await buyPremium(owner, 'month')).json();
    expect(second.checkoutId).not.toBe(first.checkoutId);
    expect(await openCheckouts(owner)).toEqual([{ id: second.checkoutId }]);
    // The first tab's page says why it cannot be paid any more…
    const page = await ctx.app.inject({ url: pathOf(first.url) });
    expect(page.body).toContain('This checkout has expired: a newer checkout was opened for this purchase');
    expect(page.body).not.toContain('<form method="post" action="/api/billing/checkout/');
    // …and paying it is refused before any card is charged, before and after the second is paid.
    const before = await eventCount();
    const refused = await pay(first.url, '4242 4242 4242 4242');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Nothing was charged.');
    expect(await eventCount()).toBe(before);
    expect((await current(owner)).plan.planType).toBe(0);

    expect((await pay(second.url, '4242 4242 4242 4242')).statusCode).toBe(303);
    const paidUntil = (await current(owner)).currentPeriodEnd;
    expect((await pay(first.url, '4242 4242 4242 4242')).statusCode).toBe(409);
    const ov = await overview(owner);
    expect(ov.payments).toHaveLength(1);
    expect(ov.payments[0]).toMatchObject({ status: 'paid', amountCents: 2900 });
    // The history shows both checkouts: the first expired, the second paid.
    expect(ov.checkouts).toEqual([
      expect.objectContaining({ id: second.checkoutId, status: 'completed', description: 'Premium (monthly)' }),
      expect.objectContaining({ id: first.checkoutId, status: 'expired', amountCents: 2900 }),
    ]);
    expect((await current(owner)).currentPeriodEnd).toBe(paidUntil);
  });

  test('twenty parallel checkout requests leave exactly one open checkout; paying all of them takes one payment', async () => {
    const owner = await registerCompany(ctx.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buyPremium(owner, 'year')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const open = await openCheckouts(owner);
    expect(open).toHaveLength(1);
    const paid = await Promise.all(answers.map((r) => pay(r.json().url, '4242 4242 4242 4242')));
    expect(paid.filter((r) => r.statusCode === 303)).toHaveLength(1);
    expect(paid.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const winner = answers[paid.findIndex((r) => r.statusCode === 303)]!.json();
    expect(winner.checkoutId).toBe(open[0]!.id);
    const ov = await overview(owner);
    expect(ov.payments).toHaveLength(1);
    expect(ov.payments[0]).toMatchObject({ status: 'paid', amountCents: 29000 });
    const days = (Date.parse(ov.subscription.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  test('an open plan checkout of a company that has Premium meanwhile is refused before any charge', async () => {
    const owner = await registerCompany(ctx.app);
    const { url } = (await buyPremium(owner, 'month')).json();
    await activatePremium(ctx.db, owner.companyId, 'year', new Date(Date.now() + 200 * 86_400_000));
    const page = await ctx.app.inject({ url: pathOf(url) });
    expect(page.body).toContain('Your company is already on Premium Plan: this checkout is not needed.');
    const refused = await pay(url, '4242 4242 4242 4242');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Nothing was charged.');
    expect((await overview(owner)).payments).toEqual([]);
    expect((await current(owner)).billingInterval).toBe('year');
  });

  test('the same idempotency key answers the same checkout; with another order it is refused', async () => {
    const owner = await registerCompany(ctx.app);
    const idem = key();
    const first = (await buyPremium(owner, 'year', idem)).json();
    const second = (await buyPremium(owner, 'year', idem)).json();
    expect(second.checkoutId).toBe(first.checkoutId);
    expect(second.url).toBe(first.url);
    const other = await buyPremium(owner, 'month', idem);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotencyKey' });
    const rows = await inTenant(ctx.db, owner.companyId, (q) =>
      q.query<{ n: number }>(`SELECT count(*)::int AS n FROM billing_checkouts`),
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  test('only a Company Owner buys; bad orders are 4xx naming the field', async () => {
    const owner = await registerCompany(ctx.app);
    const admin = await addUser(ctx.app, owner, ['Admin']);
    expect((await buyPremium(admin, 'year')).statusCode).toBe(403);
    const noInterval = await checkout(owner, { kind: 'plan', planId: PREMIUM_PLAN_ID });
    expect(noInterval.statusCode).toBe(400);
    expect(noInterval.json().field).toBe('interval');
    const free = await checkout(owner, {
      kind: 'plan',
      planId: '00000000-0000-4000-8000-000000000001',
      interval: 'month',
    });
    expect(free.statusCode).toBe(400);
    expect((await checkout(owner, { kind: 'addon', addonId: '00000000-0000-4000-8000-00000000ffff' })).statusCode).toBe(
      404,
    );
    const stalePrice = await checkout(owner, {
      kind: 'plan',
      planId: PREMIUM_PLAN_ID,
      interval: 'year',
      amountCents: 1000,
    });
    expect(stalePrice.statusCode).toBe(409);
    expect(stalePrice.json()).toMatchObject({ code: 'PRICE_CHANGED', field: 'amountCents' });
    expect(
      (await checkout(owner, { kind: 'plan', planId: PREMIUM_PLAN_ID, interval: 'year', amountCents: 29000 }))
        .statusCode,
    ).toBe(200);
    const badKey = await checkout(owner, {
      kind: 'plan',
      planId: PREMIUM_PLAN_ID,
      interval: 'year',
      idempotencyKey: 'x',
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().field).toBe('idempotencyKey');
    expect(
      (await ctx.app.inject({ url: '/api/billing/checkout/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/billing/checkout/not-a-uuid' })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/billing/checkout', payload: { kind: 'plan' } })).statusCode,
    ).toBe(401);
  });
});

describe('webhook route', () => {
  test('unsigned, tampered, wrongly signed or stale (over 300 s) events are 400 and change nothing', async () => {
    const owner = await registerCompany(ctx.app);
    const premiumEvent = {
      id: `evt_${unique()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_test_x',
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: owner.companyId,
          subscription: `sub_${unique()}`,
          metadata: { companyId: owner.companyId, kind: 'plan', interval: 'year' },
        },
      },
    };
    const before = await eventCount();
    const { payload, header } = signed(premiumEvent);

    const unsigned = await deliver(payload);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('SIGNATURE_MISSING');

    const tampered = await deliver(payload.replace('"year"', '"month"'), header);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('SIGNATURE_INVALID');

    const forged = signed(premiumEvent, { secret: 'whsec_not_ours' });
    expect((await deliver(forged.payload, forged.header)).statusCode).toBe(400);

    const stale = signed(premiumEvent, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const staleRes = await deliver(stale.payload, stale.header);
    expect(staleRes.statusCode).toBe(400);
    expect(staleRes.json().code).toBe('SIGNATURE_STALE');

    expect((await deliver('', header)).statusCode).toBe(400);
    expect((await deliver('not json', signed({}).header)).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await current(owner)).plan.planType).toBe(0);

    // The genuine one is applied.
    const ok = await deliver(payload, header);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await current(owner)).toMatchObject({ status: 0, billingInterval: 'year', plan: { planType: 1 } });
  });

  test('a duplicate delivery and a replay (same id, fresh signature) change nothing', async () => {
    const { owner, subscriptionId } = await premiumCompany();
    const end = Math.floor(Date.now() / 1000) + 60 * 86400;
    const event = invoiceEvent('invoice.paid', owner.companyId, subscriptionId, end);
    const first = signed(event);
    expect((await deliver(first.payload, first.header)).json().outcome).toBe('applied');
    const after = await current(owner);
    expect(Date.parse(after.currentPeriodEnd)).toBe(end * 1000);
    const payments = (await overview(owner)).payments.length;

    const duplicate = await deliver(first.payload, first.header);
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.json().outcome).toBe('duplicate');
    const replay = signed(event);
    expect((await deliver(replay.payload, replay.header)).json().outcome).toBe('duplicate');
    // Same id with a different body (a forged "retry"): still the first one counts.
    const altered = signed({
      ...event,
      data: { object: { ...event.data.object, lines: { data: [{ period: { end: end + 365 * 86400 } }] } } },
    });
    expect((await deliver(altered.payload, altered.header)).json().outcome).toBe('duplicate');
    expect(await current(owner)).toEqual(after);
    expect((await overview(owner)).payments).toHaveLength(payments);
  });

  test('invoice.paid extends the period; a failed payment or a deleted subscription ends Premium at period end', async () => {
    const { owner, subscriptionId } = await premiumCompany();
    const start = Date.parse((await current(owner)).currentPeriodEnd);
    const later = Math.floor(start / 1000) + 30 * 86400;
    const paid = signed(invoiceEvent('invoice.paid', owner.companyId, subscriptionId, later));
    await deliver(paid.payload, paid.header);
    expect(Date.parse((await current(owner)).currentPeriodEnd)).toBe(later * 1000);

    const failed = signed(invoiceEvent('invoice.payment_failed', owner.companyId, subscriptionId, later));
    expect((await deliver(failed.payload, failed.header)).json().outcome).toBe('applied');
    // Still Premium until the period it paid for ends…
    expect((await current(owner)).plan.planType).toBe(1);
    const ov = await overview(owner);
    expect(ov.subscription).toMatchObject({ premium: true, cancelAtPeriodEnd: true, cancelReason: 'payment_failed' });
    expect(ov.payments.map((p: { status: string }) => p.status)).toContain('failed');
    // …then Free.
    await inTenant(ctx.db, owner.companyId, (q) =>
      q.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 second'`),
    );
    expect(await current(owner)).toMatchObject({
      status: 0,
      plan: { planType: 0, planName: 'Free Plan' },
      billingInterval: null,
    });
    expect((await usage(owner)).users.max).toBe(3);

    const other = await premiumCompany();
    const deleted = signed({
      id: `evt_${unique()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: other.subscriptionId, object: 'subscription', status: 'canceled', metadata: {} } },
    });
    expect((await deliver(deleted.payload, deleted.header)).json().outcome).toBe('applied');
    expect((await overview(other.owner)).subscription).toMatchObject({
      premium: true,
      cancelAtPeriodEnd: true,
      cancelReason: 'deleted',
    });
    await inTenant(ctx.db, other.owner.companyId, (q) =>
      q.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 second'`),
    );
    expect((await current(other.owner)).plan.planType).toBe(0);
  });

  test('an event for no known company is recorded and ignored', async () => {
    const e = signed({
      id: `evt_${unique()}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'invoice', subscription: 'sub_nobody' } },
    });
    expect((await deliver(e.payload, e.header)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await deliver(e.payload, e.header)).json().outcome).toBe('duplicate');
  });
});

describe('owner billing', () => {
  test('the owner cancels at period end (still Premium until then) and can take it back', async () => {
    const { owner } = await premiumCompany();
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: bearer(keeper.token) }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(keeper.token) })).statusCode).toBe(
      403,
    );
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/cancel',
      headers: bearer(owner.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ premium: true, cancelAtPeriodEnd: true, cancelReason: 'owner' });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(409);
    expect((await current(owner)).plan.planType).toBe(1);
    const resume = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/resume',
      headers: bearer(owner.token),
    });
    expect(resume.json()).toMatchObject({ premium: true, cancelAtPeriodEnd: false });
    const free = await registerCompany(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: bearer(free.token) }))
        .statusCode,
    ).toBe(409);
  });
});

describe('plan limits held by the API', () => {
  const invite = (t: Tenant) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(t.token),
      payload: { email: `${unique()}@x.io`, roles: ['Storekeeper'] },
    });
  const addLocation = (t: Tenant, name = unique('Store ')) =>
    ctx.app.inject({ method: 'POST', url: '/api/locations', headers: bearer(t.token), payload: { name } });
  const buyAddon = async (t: Tenant, addonId: string) => {
    const res = await checkout(t, { kind: 'addon', addonId });
    expect(res.json()).toMatchObject({ amountCents: addonId === EXTRA_USERS ? 1000 : 500, interval: 'month' });
    const paid = await pay(res.json().url, '4242 4242 4242 4242');
    expect(paid.headers.location).toContain('/test-subscription-limit?checkout=success');
  };

  test('users + pending invitations ≤ maxUsers: the refusal names the limit and how to raise it; Extra Users adds 5', async () => {
    const owner = await registerCompany(ctx.app);
    expect((await invite(owner)).statusCode).toBe(201);
    expect((await invite(owner)).statusCode).toBe(201);
    const over = await invite(owner);
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('PLAN_LIMIT_USERS');
    expect(over.json().message).toMatch(/Free Plan allows 3 users \(including pending invitations\) and 3 are in use/);
    expect(over.json().message).toMatch(/upgrade to Premium or buy the Extra Users add-on/);
    expect(await usage(owner)).toMatchObject({ planName: 'Free Plan', users: { used: 3, max: 3 } });

    await buyAddon(owner, EXTRA_USERS);
    expect((await usage(owner)).users).toEqual({ used: 3, max: 8 });
    expect((await ctx.app.inject({ url: '/api/users/limit', headers: bearer(owner.token) })).json()).toEqual({
      used: 3,
      max: 8,
      planName: 'Free Plan',
    });
    for (let i = 0; i < 5; i++) expect((await invite(owner)).statusCode).toBe(201);
    expect((await invite(owner)).statusCode).toBe(403);
    expect((await overview(owner)).addons).toEqual([
      expect.objectContaining({ addonName: 'Extra Users (5 seats)', units: 5, quantity: 1 }),
    ]);
  });

  test('locations ≤ maxLocations: Free has 1, Extra Location adds 1, Premium has 20 (and 10 GB of images)', async () => {
    const owner = await registerCompany(ctx.app);
    // The Free plan's one location is the company's own "Main store", there from the start.
    expect((await usage(owner)).locations).toEqual({ used: 1, max: 1 });
    const over = await addLocation(owner);
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('PLAN_LIMIT_LOCATIONS');
    expect(over.json().message).toMatch(/Free Plan allows 1 location and 1 is in use.*Extra Location add-on/);
    const count = async () =>
      (await ctx.app.inject({ url: '/api/locations', headers: bearer(owner.token) })).json().items.length;
    expect(await count()).toBe(1);

    await buyAddon(owner, EXTRA_LOCATION);
    expect((await usage(owner)).locations).toEqual({ used: 1, max: 2 });
    expect((await addLocation(owner, 'Shop')).statusCode).toBe(201);
    expect((await addLocation(owner)).statusCode).toBe(403);
    expect((await addLocation(owner, 'Shop')).statusCode).toBe(403);

    const res = await buyPremium(owner, 'year');
    await pay(res.json().url, '4242 4242 4242 4242');
    expect((await usage(owner)).locations).toEqual({ used: 2, max: 21 });
    expect((await usage(owner)).storage).toEqual({ used: 0, max: 10 * 1024 * 1024 * 1024 });
    expect((await addLocation(owner, 'shop')).statusCode).toBe(409);
    expect((await addLocation(owner)).statusCode).toBe(201);
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    expect((await addLocation(keeper)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/locations',
          headers: bearer(owner.token),
          payload: { name: '   ' },
        })
      ).statusCode,
    ).toBe(400);
    const nul = await ctx.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: bearer(owner.token),
      payload: { name: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().field).toBe('name');
  });

  test('usage is the plan’s limits and what is in use, for any signed-in member', async () => {
    const owner = await registerCompany(ctx.app);
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    expect(await usage(keeper)).toEqual({
      planName: 'Free Plan',
      planType: 0,
      users: { used: 2, max: 3 },
      locations: { used: 1, max: 1 },
      storage: { used: 0, max: 100 * 1024 * 1024 },
    });
    expect((await ctx.app.inject({ url: '/api/billing/usage' })).statusCode).toBe(401);
  });
});

describe('pure rules', () => {
  test('Stripe test cards', () => {
    const card = (n: string) => chargeTestCard({ cardNumber: n, ...CARD }, new Date('2026-01-01'));
    expect(card('4242 4242 4242 4242')).toEqual({ paid: true });
    expect(card('4000 0000 0000 0002')).toMatchObject({
      paid: false,
      code: 'card_declined',
      message: 'Your card has been declined.',
    });
    expect(card('4000 0000 0000 9995')).toMatchObject({ paid: false, code: 'insufficient_funds' });
    expect(card('4242 4242 4242 4241')).toMatchObject({ paid: false, code: 'incorrect_number' });
    expect(
      chargeTestCard({ ...CARD, cardNumber: '4242424242424242', expiry: '01 / 20' }, new Date('2026-01-01')),
    ).toMatchObject({ paid: false, field: 'expiry' });
    expect(chargeTestCard({ ...CARD, cardNumber: '4242424242424242', cvc: '1' })).toMatchObject({
      paid: false,
      field: 'cvc',
    });
  });

  test('first period: one calendar month or year', () => {
    const jan31 = Date.UTC(2026, 0, 15) / 1000;
    expect(periodEndAfter(jan31, 'month').toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(periodEndAfter(jan31, 'year').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  test('the Stripe adapter creates an embedded Checkout Session with the price in cents and Stripe’s idempotency key', async () => {
    const calls: { create: unknown[][]; update: unknown[][] } = { create: [], update: [] };
    const stripe: StripeApi = {
      checkout: {
        sessions: {
          create: async (...args) => (
            calls.create.push(args),
            { id: 'cs_test_1', client_secret: 'cs_test_1_secret_a' }
          ),
          retrieve: async (id) => ({ id, client_secret: `${id}_secret_a` }),
          expire: async () => ({}),
        },
      },
      subscriptions: { update: async (...args) => (calls.update.push(args), {}), cancel: async () => ({}) },
      invoicePayments: { list: async () => ({ data: [] }) },
      refunds: { create: async () => ({ id: 're_1' }), list: async () => ({ data: [] }) },
    };
    const provider = new StripePaymentProvider(stripe, 'whsec_x', 'pk_test_x');
    const made = await provider.createCheckout({
      checkoutId: 'c1',
      companyId: 'co1',
      idempotencyKey: 'k1',
      kind: 'plan',
      productId: PREMIUM_PLAN_ID,
      interval: 'year',
      description: 'Premium (yearly)',
      amountCents: 29000,
      currency: 'usd',
      catalogPriceId: 'price_premium_yearly',
      customerEmail: 'o@x.io',
      successUrl: 'https://s',
      cancelUrl: 'https://c',
      pageUrl: 'https://p',
      metadata: { companyId: 'co1', kind: 'plan' },
    });
    expect(made).toEqual({ url: 'https://p', sessionId: 'cs_test_1', clientSecret: 'cs_test_1_secret_a' });
    expect(await provider.clientSecretOf('cs_test_1')).toBe('cs_test_1_secret_a');
    const [params, options] = calls.create[0]!;
    expect(options).toEqual({ idempotencyKey: 'checkout:co1:k1' });
    expect(params).toMatchObject({
      mode: 'subscription',
      client_reference_id: 'co1',
      customer_email: 'o@x.io',
      ui_mode: 'embedded_page',
      return_url: 'https://s',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 29000, recurring: { interval: 'year' } } },
      ],
      subscription_data: { metadata: { companyId: 'co1', kind: 'plan' } },
    });
    expect(params).not.toHaveProperty('cancel_url');
    expect(params).not.toHaveProperty('success_url');
    await provider.setCancelAtPeriodEnd('sub_1', true);
    expect(calls.update).toEqual([['sub_1', { cancel_at_period_end: true }]]);
  });
});
