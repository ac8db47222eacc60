import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import { badRequest, notFound, serviceUnavailable } from '../../lib/errors.js';
import { thisMachineOnly } from '../../lib/network.js';
import { permit, SELF } from '../../access/index.js';
import { answers, ErrorResponse } from '../../lib/schemas.js';
import { persistedSecret } from '../../lib/secrets.js';
import { renderCheckout } from './checkout-page.js';
import { applyEvent, isEpochSeconds, type WebhookEvent } from './events.js';
import { LocalPaymentProvider } from './providers/local.js';
import type { PaymentProvider } from './providers/provider.js';
import { StripePaymentProvider, type StripeApi } from './providers/stripe.js';
import {
  BillingOverviewSchema,
  BillingSubscriptionSchema,
  CardForm,
  CheckoutParams,
  CheckoutSchema,
  CreateCheckoutBody,
  UsageSchema,
  WebhookAnswer,
} from './schemas.js';
import {
  cancelCheckout,
  createCheckout,
  findCheckout,
  localPaymentEvents,
  overview,
  setCancelAtPeriodEnd,
  usage,
} from './service.js';
import { chargeTestCard } from './test-cards.js';

/** Stripe's default: a signature older than this is refused (a replayed capture). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const WEBHOOK_PATH = '/api/billing/webhook';

/** The `t=` of a Stripe-Signature header (seconds), or Infinity when it has none. */
function signedAt(header: string): number {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1];
  return t ? Number(t) : Infinity;
}

/**
 * The payments adapter, chosen once: Stripe when STRIPE_SECRET_KEY is set; in development the
 * embedded checkout (a stand-in that takes Stripe's test cards); in production nothing, and
 * payments say they are not configured — a test card never buys Premium on a real server.
 */
export async function paymentProviderFromConfig(
  config: Pick<Config, 'production' | 'publicUrl' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripePublishableKey'>,
  secret: () => Promise<string>,
): Promise<PaymentProvider | null> {
  if (config.stripeSecretKey) {
    const stripe = new Stripe(config.stripeSecretKey) as unknown as StripeApi;
    return new StripePaymentProvider(stripe, config.stripeWebhookSecret!, config.stripePublishableKey);
  }
  if (config.production) return null;
  return new LocalPaymentProvider(config.publicUrl, await secret());
}

export const PAYMENTS_NOT_CONFIGURED = 'PAYMENTS_NOT_CONFIGURED';

export const billingRoutes: FastifyPluginAsyncTypebox<{ provider?: PaymentProvider | null }> = async (app, options) => {
  const provider =
    options.provider !== undefined
      ? options.provider
      : await paymentProviderFromConfig(app.config, () =>
          persistedSecret(app.db, 'stripe-local-webhook', () => `whsec_${randomBytes(32).toString('base64url')}`),
        );
  const configured = (): PaymentProvider => {
    if (!provider) throw serviceUnavailable('Payments are not configured on this server.', PAYMENTS_NOT_CONFIGURED);
    return provider;
  };
  const common = { tags: ['billing'], security: [{ bearer: [] }] };

  // The webhook: the raw body, exactly as signed, for both adapters.
  if (provider)
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      hook.post(
        WEBHOOK_PATH,
        {
          schema: {
            tags: ['billing'],
            operationId: 'billingWebhook',
            description:
              'Stripe-signed events (Stripe, or the embedded checkout). Unsigned, tampered or stale (over 300 s) → 400.',
            response: answers(WebhookAnswer),
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          if (typeof signature !== 'string' || !signature)
            throw badRequest('Missing Stripe-Signature header.', 'stripe-signature', 'SIGNATURE_MISSING');
          if (!Buffer.isBuffer(request.body) || request.body.length === 0)
            throw badRequest('The event body is empty.', 'body', 'SIGNATURE_INVALID');
          let event: WebhookEvent;
          try {
            event = Stripe.webhooks.constructEvent(
              request.body,
              signature,
              provider.webhookSecret,
              SIGNATURE_TOLERANCE_SECONDS,
            ) as unknown as WebhookEvent;
            // Stripe's SDK only refuses old signatures; one stamped in the future is refused too.
            if (signedAt(signature) > Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS) throw new Error('tolerance');
          } catch (error) {
            const stale = /tolerance/i.test((error as Error).message);
            throw badRequest(
              stale
                ? 'The event signature is too old (over 300 seconds): refused as a possible replay.'
                : 'The event signature does not match its body.',
              'stripe-signature',
              stale ? 'SIGNATURE_STALE' : 'SIGNATURE_INVALID',
            );
          }
          if (
            typeof event?.id !== 'string' ||
            typeof event.type !== 'string' ||
            !isEpochSeconds(event.created) ||
            !event.data?.object ||
            typeof event.data.object !== 'object'
          ) {
            throw badRequest('The event is not a Stripe event.', 'body', 'EVENT_INVALID');
          }
          const outcome = await applyEvent(app.db, event);
          request.log.info({ eventId: event.id, type: event.type, outcome }, 'billing event');
          return { received: true, outcome };
        },
      );
    });

  // Signed-in calls.
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    api.addHook('onRequest', app.authenticate);

    api.post(
      '/api/billing/checkout',
      {
        schema: {
          ...common,
          operationId: 'createCheckout',
          ...permit('billing.manage'),
          description:
            'A checkout for a plan and interval, or an add-on (Company Owner). Same idempotencyKey → same checkout.',
          body: CreateCheckoutBody,
          response: answers(CheckoutSchema),
        },
      },
      (request) => {
        const p = request.principal!;
        return createCheckout(
          {
            db: app.db,
            provider: configured(),
            publicUrl: app.config.publicUrl,
            companyId: p.companyId,
            userId: p.userId,
          },
          request.body,
        );
      },
    );

    api.get(
      '/api/billing/usage',
      {
        schema: {
          ...common,
          operationId: 'getPlanUsage',
          ...SELF,
          description: 'Limits (plan + add-ons) and what is in use.',
          response: answers(UsageSchema),
        },
      },
      (request) => app.inCompany(request, usage),
    );

    api.get(
      '/api/billing/overview',
      {
        schema: {
          ...common,
          operationId: 'getBillingOverview',
          ...permit('billing.manage'),
          description: 'Plan, interval, renewal, add-ons and payments (Company Owner).',
          response: answers(BillingOverviewSchema),
        },
      },
      (request) => app.inCompany(request, (q) => overview(q, provider?.name ?? null)),
    );

    for (const [path, cancel, operationId] of [
      ['/api/billing/subscription/cancel', true, 'cancelSubscription'],
      ['/api/billing/subscription/resume', false, 'resumeSubscription'],
    ] as const) {
      api.post(
        path,
        {
          schema: {
            ...common,
            operationId,
            ...permit('billing.manage'),
            description: cancel
              ? 'Premium ends at its period end (Company Owner).'
              : 'Takes back a cancellation before the period ends (Company Owner).',
            response: answers(BillingSubscriptionSchema),
          },
        },
        (request) =>
          setCancelAtPeriodEnd(app.db, configured(), request.principal!.companyId, request.principal!.userId, cancel),
      );
    }
  });

  // The embedded checkout page (local adapter only): a browser form, no token.
  if (provider?.name === 'local') {
    await app.register(async (scope) => {
      // A development stand-in: for a browser on this machine only.
      scope.addHook('onRequest', thisMachineOnly);
      const page = scope.withTypeProvider<TypeBoxTypeProvider>();
      await page.register(formbody, { bodyLimit: 4096 });
      // HTML for people; the one JSON error shape when the id names no checkout.
      const html = {
        200: Type.String({ description: 'HTML page' }),
        '4xx': Type.Union([Type.String(), ErrorResponse]),
        '5xx': ErrorResponse,
      };
      const load = async (id: string) => {
        const found = await findCheckout(app.db, app.config.publicUrl, id);
        if (!found) throw notFound('This checkout does not exist.');
        return found;
      };

      page.get(
        '/api/billing/checkout/:id',
        {
          schema: {
            tags: ['billing'],
            operationId: 'localCheckoutPage',
            description: 'The embedded checkout page (HTML).',
            params: CheckoutParams,
            response: html,
          },
        },
        async (request, reply) => {
          const { view } = await load(request.params.id);
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderCheckout(view));
        },
      );

      page.post(
        '/api/billing/checkout/:id/pay',
        {
          schema: {
            tags: ['billing'],
            operationId: 'localCheckoutPay',
            description:
              'Pays with a Stripe test card: 4242… pays (303 to the success page), 4000 0000 0000 0002 is declined (402, the page again).',
            consumes: ['application/x-www-form-urlencoded'],
            params: CheckoutParams,
            body: CardForm,
            response: html,
          },
        },
        async (request, reply) => {
          const { companyId, view } = await load(request.params.id);
          if (view.status !== 'open')
            return reply.redirect(view.status === 'completed' ? view.successUrl : view.cancelUrl, 303);
          const card = request.body;
          const result = chargeTestCard(card);
          if (!result.paid) {
            const values = { ...card, cvc: '' };
            return reply
              .status(402)
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-store')
              .send(renderCheckout(view, { values, error: { message: result.message, field: result.field } }));
          }
          // Delivered the way Stripe delivers: signed with the SDK, to the webhook route.
          for (const event of await localPaymentEvents(app.db, companyId, view.id)) {
            const payload = JSON.stringify(event);
            const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: provider.webhookSecret });
            const res = await app.inject({
              method: 'POST',
              url: WEBHOOK_PATH,
              payload,
              headers: { 'content-type': 'application/json', 'stripe-signature': header },
            });
            if (res.statusCode !== 200) throw new Error(`local webhook delivery failed: ${res.statusCode} ${res.body}`);
          }
          return reply.redirect(view.successUrl, 303);
        },
      );

      page.post(
        '/api/billing/checkout/:id/cancel',
        {
          schema: {
            tags: ['billing'],
            operationId: 'localCheckoutCancel',
            description: 'Leaves the checkout unpaid and returns to Stockwise (303).',
            consumes: ['application/x-www-form-urlencoded'],
            params: CheckoutParams,
            response: html,
          },
        },
        async (request, reply) => {
          const { companyId, view } = await load(request.params.id);
          if (view.status === 'open') await cancelCheckout(app.db, companyId, view.id);
          return reply.redirect(view.status === 'completed' ? view.successUrl : view.cancelUrl, 303);
        },
      );
    });
  }
};
