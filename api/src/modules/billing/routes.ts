import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError, badRequest, serviceUnavailable } from '../../lib/errors.js';
import { permit, SELF } from '../../access/index.js';
import { answers } from '../../lib/schemas.js';
import { persistedSecret } from '../../lib/secrets.js';
import { applyEvent, isEpochSeconds, type WebhookEvent } from './events.js';
import { PAYMENT_PROVIDER_ERROR } from './providers/stripe.js';
import {
  localCheckoutRoutes,
  paymentProviderFromConfig,
  stripeSdk,
  WEBHOOK_PATH,
  type PaymentProvider,
} from './providers/index.js';
import {
  BillingOverviewSchema,
  BillingSubscriptionSchema,
  CheckoutSchema,
  CreateCheckoutBody,
  UsageSchema,
  WebhookAnswer,
} from './schemas.js';
import { createCheckout, overview, setCancelAtPeriodEnd, usage } from './service.js';

/** Stripe's default: a signature older than this is refused (a replayed capture). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export { WEBHOOK_PATH };

/** The `t=` of a Stripe-Signature header (seconds), or Infinity when it has none. */
function signedAt(header: string): number {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1];
  return t ? Number(t) : Infinity;
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
          const { webhooks } = await stripeSdk();
          let event: WebhookEvent;
          try {
            event = webhooks.constructEvent(
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
          const outcome = await applyEvent(app.db, provider, event);
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
      async (request) => {
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
        ).catch((error: unknown) => {
          if (error instanceof ApiError && error.code === PAYMENT_PROVIDER_ERROR)
            request.log.error({ err: error.cause }, 'the payment provider refused or did not answer');
          throw error;
        });
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

  // The embedded checkout page (local adapter only): a development stand-in, this machine only.
  if (provider?.name === 'local') await app.register(localCheckoutRoutes, { webhookSecret: provider.webhookSecret });
};
