import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { localPaymentEvents } from '../src/modules/billing/service.js';
import { inTenant } from '../src/db/tenant.js';
import { PREMIUM_PLAN_ID } from '../src/modules/subscriptions/service.js';
import { bearer, closeShared, registerCompany, testApp, unique, type TestContext } from './helpers.js';

/**
 * The Stripe adapter through the real `stripe` SDK (its request encoding, headers, idempotency and
 * errors), pointed by STRIPE_API_URL at a stand-in of the three Stripe API calls it makes. Stripe
 * itself and Stripe.js cannot be reached from this network: what Stripe's servers and its embedded
 * form do is not tested here (docs/decisions.md).
 */
interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in_secret';
const PUBLISHABLE_KEY = 'pk_test_stand_in';

let stripeApi: Server;
let received: Received[] = [];
/** How many of the next calls answer 500 (the SDK retries some on its own). */
let failing = 0;
const sessions = new Map<string, { id: string; client_secret: string }>();
const byIdempotencyKey = new Map<string, string>();
/** PaymentIntents refunded and subscriptions cancelled before (a retry after Stripe forgot its keys). */
const refundedEarlier = new Set<string>();
const cancelledEarlier = new Set<string>();
/** Checkout Session creations held back until `count` of them have arrived. */
let createsHeld: { count: number; waiting: (() => void)[] } | null = null;

function stripeStandIn(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ method: request.method ?? '', path, headers: request.headers, form: new URLSearchParams(body) });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${unique()}` });
        response.end(JSON.stringify(json));
      };
      if (failing > 0) {
        failing -= 1;
        return send(500, { error: { type: 'api_error', message: 'Stripe is having a bad day.' } });
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions' && createsHeld) {
        // Answer none until all the held requests have arrived: they race to the database together.
        const release = () => handle();
        createsHeld.waiting.push(release);
        if (createsHeld.waiting.length < createsHeld.count) return;
        const waiting = createsHeld.waiting;
        createsHeld = null;
        return waiting.forEach((go) => go());
      }
      return handle();
    });
    function handle() {
      const path = request.url ?? '';
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${unique()}` });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        // Stripe's idempotency: the same key answers the session the first request made.
        const key = String(request.headers['idempotency-key']);
        const known = byIdempotencyKey.get(key);
        if (known) return send(200, { object: 'checkout.session', ...sessions.get(known) });
        const id = `cs_test_${unique()}`;
        const session = { id, client_secret: `${id}_secret_${unique()}` };
        sessions.set(id, session);
        byIdempotencyKey.set(key, id);
        return send(200, {
          object: 'checkout.session',
          ui_mode: 'embedded_page',
          url: null,
          status: 'open',
          ...session,
        });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire$/.exec(path);
      if (request.method === 'POST' && expire && sessions.has(expire[1]!))
        return send(200, { object: 'checkout.session', status: 'expired', ...sessions.get(expire[1]!) });
      // A paid invoice's payment names its PaymentIntent (API 2025-03-31 and later).
      if (request.method === 'GET' && path.startsWith('/v1/invoice_payments?')) {
        const invoice = new URL(path, 'http://x').searchParams.get('invoice');
        return send(200, {
          object: 'list',
          has_more: false,
          url: '/v1/invoice_payments',
          data: [
            {
              object: 'invoice_payment',
              id: `inpay_${unique()}`,
              invoice,
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: `pi_of_${invoice}` },
            },
          ],
        });
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        // Refunded long ago (past Stripe's 24-hour idempotency window): Stripe refuses a second one.
        const intent = new URLSearchParams(body).get('payment_intent') ?? '';
        if (refundedEarlier.has(intent))
          return send(400, {
            error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Already refunded.' },
          });
        const key = String(request.headers['idempotency-key']);
        const id = byIdempotencyKey.get(key) ?? `re_${unique()}`;
        byIdempotencyKey.set(key, id);
        const form = new URLSearchParams(body);
        return send(200, { object: 'refund', id, payment_intent: form.get('payment_intent'), status: 'succeeded' });
      }
      if (request.method === 'GET' && path.startsWith('/v1/refunds?')) {
        const intent = new URL(path, 'http://x').searchParams.get('payment_intent') ?? '';
        const data = refundedEarlier.has(intent) ? [{ object: 'refund', id: `re_earlier_${intent}` }] : [];
        return send(200, { object: 'list', has_more: false, url: '/v1/refunds', data });
      }
      const cancel = /^\/v1\/subscriptions\/([^/?]+)$/.exec(path);
      if (request.method === 'DELETE' && cancel && cancelledEarlier.has(cancel[1]!))
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription` },
        });
      if (request.method === 'DELETE' && cancel)
        return send(200, { object: 'subscription', id: cancel[1], status: 'canceled' });
      const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(path);
      if (request.method === 'GET' && retrieve && sessions.has(retrieve[1]!))
        return send(200, { object: 'checkout.session', status: 'open', ...sessions.get(retrieve[1]!) });
      return send(404, { error: { type: 'invalid_request_error', message: `No such route ${path}` } });
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let ctx: TestContext;
beforeAll(async () => {
  stripeApi = await stripeStandIn();
  const { port } = stripeApi.address() as { port: number };
  ctx = await testApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
  await new Promise((resolve) => stripeApi.close(resolve));
});
beforeEach(() => {
  received = [];
});

const buyPremiumYearly = (token: string, idempotencyKey: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: bearer(token),
    payload: { kind: 'plan', planId: PREMIUM_PLAN_ID, interval: 'year', idempotencyKey },
  });

test('the environment names Stripe as the payment provider, so the purchase page loads Stripe.js', async () => {
  const environment = (await ctx.app.inject({ url: '/api/environment' })).json();
  expect(environment).toMatchObject({ payments: true, paymentProvider: 'stripe', standIns: { payments: false } });
});

test('a purchase creates an embedded Checkout Session through the stripe SDK and pays by its webhook', async () => {
  const owner = await registerCompany(ctx.app);
  const key = unique('idem-');
  const res = await buyPremiumYearly(owner.token, key);
  expect(res.statusCode).toBe(200);
  const checkout = res.json();
  const [call] = received;
  expect(received).toHaveLength(1);
  expect(call!.method).toBe('POST');
  expect(call!.path).toBe('/v1/checkout/sessions');
  expect(call!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  expect(call!.headers['idempotency-key']).toBe(`checkout:${owner.companyId}:${key}`);
  const form = Object.fromEntries(call!.form);
  expect(form).toMatchObject({
    mode: 'subscription',
    ui_mode: 'embedded_page',
    return_url: `http://localhost:8080/premium-purchase?checkout=success&checkout_id=${checkout.checkoutId}`,
    client_reference_id: owner.companyId,
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][recurring][interval]': 'year',
    'metadata[companyId]': owner.companyId,
    'metadata[checkoutId]': checkout.checkoutId,
    'subscription_data[metadata][companyId]': owner.companyId,
  });
  expect(Number(form['line_items[0][price_data][unit_amount]'])).toBe(checkout.amountCents);
  expect(form).not.toHaveProperty('cancel_url');
  const session = sessions.get(checkout.sessionId)!;
  expect(checkout).toMatchObject({
    provider: 'stripe',
    status: 'open',
    clientSecret: session.client_secret,
    publishableKey: PUBLISHABLE_KEY,
    url: 'http://localhost:8080/premium-purchase',
  });

  // The same attempt again (a reload, a double click): the same checkout, its secret asked again.
  received = [];
  const again = (await buyPremiumYearly(owner.token, key)).json();
  expect(again).toMatchObject({ checkoutId: checkout.checkoutId, clientSecret: session.client_secret });
  expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${checkout.sessionId}`]);

  // No local checkout page with Stripe.
  expect((await ctx.app.inject({ url: `/api/billing/checkout/${checkout.checkoutId}` })).statusCode).toBe(404);

  // Stripe's events for this session (the shapes the local stand-in sends), signed with the
  // endpoint's secret, make the company Premium.
  for (const event of await localPaymentEvents(ctx.db, owner.companyId, checkout.checkoutId)) {
    expect(event.data.object).toMatchObject(
      event.type === 'checkout.session.completed' ? { id: checkout.sessionId } : {},
    );
    const payload = JSON.stringify(event);
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
    expect(delivered.json()).toEqual({ received: true, outcome: 'applied' });
  }
  const current = (await ctx.app.inject({ url: '/api/subscription/current', headers: bearer(owner.token) })).json();
  expect(current.plan.planType).toBe(1);
});

test('Stripe failing to answer is a 502 that writes nothing, and the same attempt can be retried', async () => {
  const owner = await registerCompany(ctx.app);
  const key = unique('idem-');
  failing = 10;
  const failed = await buyPremiumYearly(owner.token, key);
  failing = 0;
  expect(failed.statusCode).toBe(502);
  expect(failed.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
  const [row] = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM billing_checkout_directory WHERE company_id = $1`,
    [owner.companyId],
  );
  expect(row!.n).toBe(0);
  const retried = await buyPremiumYearly(owner.token, key);
  expect(retried.statusCode).toBe(200);
  expect(retried.json().clientSecret).toMatch(/^cs_test_.+_secret_/);
});

const deliver = async (event: object) => {
  const payload = JSON.stringify(event);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().outcome as string;
};
const calls = () => received.map((r) => `${r.method} ${r.path}`);

test('a new checkout expires the open Checkout Session; a second payment for a paid period is refunded, cancelled and shown as refunded', async () => {
  const owner = await registerCompany(ctx.app);
  const first = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  received = [];
  const second = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  // Opening the second closes the first, at Stripe too: its form can no longer take a card.
  expect(calls()).toEqual(['POST /v1/checkout/sessions', `POST /v1/checkout/sessions/${first.sessionId}/expire`]);
  const statuses = await inTenant(ctx.db, owner.companyId, (q) =>
    q.query<{ id: string; status: string }>(`SELECT id, status FROM billing_checkouts ORDER BY created_at`),
  );
  expect(statuses).toEqual([
    { id: first.checkoutId, status: 'expired' },
    { id: second.checkoutId, status: 'open' },
  ]);

  // Stripe completed the first session before the expiry reached it (a race): that payment holds.
  for (const event of await localPaymentEvents(ctx.db, owner.companyId, first.checkoutId))
    expect(await deliver(event)).toBe('applied');
  const paid = (await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(owner.token) })).json();
  expect(paid.subscription).toMatchObject({ premium: true, billingInterval: 'year' });

  // The second tab is paid too: refused in the transaction that would apply it, refunded through
  // Stripe and its subscription cancelled, so it never renews.
  received = [];
  const [completed, invoicePaid] = await localPaymentEvents(ctx.db, owner.companyId, second.checkoutId);
  expect(await deliver(completed!)).toBe('refunded');
  const invoice = (invoicePaid!.data.object as { id: string }).id;
  const subscription = (completed!.data.object as { subscription: string }).subscription;
  expect(calls()).toEqual([
    `DELETE /v1/subscriptions/${subscription}`,
    `GET /v1/invoice_payments?invoice=${invoice}&status=paid`,
    'POST /v1/refunds',
  ]);
  const refund = received[2]!;
  expect(Object.fromEntries(refund.form)).toMatchObject({
    payment_intent: `pi_of_${invoice}`,
    reason: 'duplicate',
    'metadata[companyId]': owner.companyId,
  });
  expect(refund.headers['idempotency-key']).toBe(`refund-duplicate:${invoice}`);
  // Its invoice.paid finds the invoice refunded: nothing charged or extended twice.
  received = [];
  expect(await deliver(invoicePaid!)).toBe('ignored');
  expect(received).toEqual([]);

  const after = (await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(owner.token) })).json();
  expect(after.subscription.currentPeriodEnd).toBe(paid.subscription.currentPeriodEnd);
  const days = (Date.parse(after.subscription.currentPeriodEnd) - Date.now()) / 86_400_000;
  expect(days).toBeLessThan(367);
  expect(
    after.payments.map((p: { status: string; amountCents: number; description: string }) => [p.status, p.amountCents]),
  ).toEqual(
    expect.arrayContaining([
      ['paid', 29000],
      ['refunded', 29000],
    ]),
  );
  expect(after.payments).toHaveLength(2);
  // The history reads truthfully: the purchase that holds the period completed, the refunded one did not.
  expect(after.checkouts.map((c: { id: string; status: string }) => [c.id, c.status]).sort()).toEqual(
    [
      [first.checkoutId, 'completed'],
      [second.checkoutId, 'canceled'],
    ].sort(),
  );
  const [sub] = await inTenant(ctx.db, owner.companyId, (q) =>
    q.query<{ id: string }>(`SELECT stripe_subscription_id AS id FROM subscriptions`),
  );
  expect(sub!.id).not.toBe(subscription);
});

test('a duplicate whose invoice.paid arrives first is refunded by it, once', async () => {
  const owner = await registerCompany(ctx.app);
  const first = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  const second = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  for (const event of await localPaymentEvents(ctx.db, owner.companyId, first.checkoutId))
    expect(await deliver(event)).toBe('applied');
  const [completed, invoicePaid] = await localPaymentEvents(ctx.db, owner.companyId, second.checkoutId);
  received = [];
  expect(await deliver(invoicePaid!)).toBe('refunded');
  expect(await deliver(completed!)).toBe('ignored');
  expect(calls().filter((c) => c === 'POST /v1/refunds')).toHaveLength(1);
  const ov = (await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(owner.token) })).json();
  expect(ov.payments.map((p: { status: string }) => p.status).sort()).toEqual(['paid', 'refunded']);
});

test('Stripe failing during a refund records nothing (502); the retried event refunds once', async () => {
  const owner = await registerCompany(ctx.app);
  const first = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  const second = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  for (const event of await localPaymentEvents(ctx.db, owner.companyId, first.checkoutId))
    expect(await deliver(event)).toBe('applied');
  const [completed] = await localPaymentEvents(ctx.db, owner.companyId, second.checkoutId);
  const payload = JSON.stringify(completed);
  const post = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
  failing = 10;
  received = [];
  const failed = await post();
  failing = 0;
  // Stripe sees a failed delivery and sends the event again later.
  expect(failed.statusCode).toBe(502);
  // Given up at the first failure: no retries of our own while the company's subscription is locked.
  expect(calls()).toHaveLength(1);
  const history = async () =>
    (await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(owner.token) })).json().payments as {
      status: string;
    }[];
  expect((await history()).map((p) => p.status)).toEqual(['paid']);
  received = [];
  expect((await post()).json().outcome).toBe('refunded');
  expect(calls().filter((c) => c === 'POST /v1/refunds')).toHaveLength(1);
  expect((await history()).map((p) => p.status).sort()).toEqual(['paid', 'refunded']);
  expect((await post()).json().outcome).toBe('duplicate');
});

test("the refunded duplicate's own events (its cancellation at Stripe, a failed payment, an update) leave the company's Premium alone", async () => {
  const owner = await registerCompany(ctx.app);
  const first = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  const second = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  for (const event of await localPaymentEvents(ctx.db, owner.companyId, first.checkoutId))
    expect(await deliver(event)).toBe('applied');
  const [completed] = await localPaymentEvents(ctx.db, owner.companyId, second.checkoutId);
  expect(await deliver(completed!)).toBe('refunded');
  const duplicate = (completed!.data.object as { subscription: string }).subscription;
  const metadata = { companyId: owner.companyId, checkoutId: second.checkoutId, kind: 'plan', interval: 'year' };
  const created = Math.floor(Date.now() / 1000);
  // Cancelling the duplicate at Stripe makes Stripe announce it: that is not the company's Premium ending.
  const deleted = {
    id: `evt_${unique()}`,
    type: 'customer.subscription.deleted',
    created,
    data: { object: { id: duplicate, object: 'subscription', status: 'canceled', metadata } },
  };
  expect(await deliver(deleted)).toBe('ignored');
  const updated = {
    id: `evt_${unique()}`,
    type: 'customer.subscription.updated',
    created,
    data: { object: { id: duplicate, object: 'subscription', cancel_at_period_end: true, metadata } },
  };
  expect(await deliver(updated)).toBe('ignored');
  const failed = {
    id: `evt_${unique()}`,
    type: 'invoice.payment_failed',
    created,
    data: {
      object: {
        id: `in_${unique()}`,
        object: 'invoice',
        amount_due: 29000,
        currency: 'usd',
        parent: { subscription_details: { subscription: duplicate, metadata } },
      },
    },
  };
  expect(await deliver(failed)).toBe('ignored');
  const ov = (await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(owner.token) })).json();
  expect(ov.subscription).toMatchObject({ premium: true, cancelAtPeriodEnd: false, cancelReason: null });
  expect(ov.payments.map((p: { status: string }) => p.status).sort()).toEqual(['paid', 'refunded']);
});

test('a duplicate that paid nothing is cancelled and shown as refunded, with no refund asked of Stripe', async () => {
  const owner = await registerCompany(ctx.app);
  const first = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  const second = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  for (const event of await localPaymentEvents(ctx.db, owner.companyId, first.checkoutId))
    expect(await deliver(event)).toBe('applied');
  const [completed] = await localPaymentEvents(ctx.db, owner.companyId, second.checkoutId);
  const free = {
    ...completed!,
    data: { object: { ...completed!.data.object, payment_status: 'no_payment_required', amount_total: 0 } },
  };
  received = [];
  expect(await deliver(free)).toBe('refunded');
  const subscription = (completed!.data.object as { subscription: string }).subscription;
  expect(calls()).toEqual([`DELETE /v1/subscriptions/${subscription}`]);
  const ov = (await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(owner.token) })).json();
  expect(ov.payments.map((p: { status: string; amountCents: number }) => [p.status, p.amountCents])).toEqual(
    expect.arrayContaining([['refunded', 0]]),
  );
});

test('a redelivery after Stripe forgot its idempotency keys finds the refund and the cancel done, and succeeds', async () => {
  const owner = await registerCompany(ctx.app);
  const first = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  const second = (await buyPremiumYearly(owner.token, unique('idem-'))).json();
  for (const event of await localPaymentEvents(ctx.db, owner.companyId, first.checkoutId))
    expect(await deliver(event)).toBe('applied');
  const [completed, invoicePaid] = await localPaymentEvents(ctx.db, owner.companyId, second.checkoutId);
  const invoice = (invoicePaid!.data.object as { id: string }).id;
  const subscription = (completed!.data.object as { subscription: string }).subscription;
  cancelledEarlier.add(subscription);
  refundedEarlier.add(`pi_of_${invoice}`);
  expect(await deliver(completed!)).toBe('refunded');
  const [row] = await inTenant(ctx.db, owner.companyId, (q) =>
    q.query<{ refund: string }>(`SELECT provider_refund_id AS refund FROM billing_payments WHERE status = 'refunded'`),
  );
  expect(row!.refund).toBe(`re_earlier_pi_of_${invoice}`);
});

test('two requests racing with one idempotency key and different orders: the second is refused (409), not answered the first one’s checkout', async () => {
  const owner = await registerCompany(ctx.app);
  const key = unique('idem-');
  createsHeld = { count: 2, waiting: [] };
  const [yearly, monthly] = await Promise.all([
    buyPremiumYearly(owner.token, key),
    ctx.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: bearer(owner.token),
      payload: { kind: 'plan', planId: PREMIUM_PLAN_ID, interval: 'month', idempotencyKey: key },
    }),
  ]);
  expect([yearly.statusCode, monthly.statusCode].sort()).toEqual([200, 409]);
  const refused = yearly.statusCode === 409 ? yearly : monthly;
  expect(refused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
});
