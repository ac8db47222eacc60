import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { localPaymentEvents } from '../src/modules/billing/service.js';
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
      const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(path);
      if (request.method === 'GET' && retrieve && sessions.has(retrieve[1]!))
        return send(200, { object: 'checkout.session', status: 'open', ...sessions.get(retrieve[1]!) });
      return send(404, { error: { type: 'invalid_request_error', message: `No such route ${path}` } });
    });
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
