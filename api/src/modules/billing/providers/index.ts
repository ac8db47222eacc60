import type { Config } from '../../../config.js';
import { LocalPaymentProvider } from './local/index.js';
import type { PaymentProvider } from './provider.js';
import { StripePaymentProvider, type StripeApi } from './stripe.js';
import { stripeSdk } from './stripe-sdk.js';

export { WEBHOOK_PATH, type PaymentProvider } from './provider.js';
export { localCheckoutRoutes } from './local/routes.js';
export { stripeSdk } from './stripe-sdk.js';

const STRIPE_TIMEOUT_MS = 10_000;

/**
 * The payments adapter, chosen once: Stripe when STRIPE_SECRET_KEY is set; in development the
 * embedded checkout (a stand-in that takes Stripe's test cards); in production nothing, and
 * payments say they are not configured — a test card never buys Premium on a real server.
 */
export async function paymentProviderFromConfig(
  config: Pick<
    Config,
    'production' | 'publicUrl' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripePublishableKey' | 'stripeApiUrl'
  >,
  secret: () => Promise<string>,
): Promise<PaymentProvider | null> {
  if (config.stripeSecretKey) {
    const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
    const Stripe = await stripeSdk();
    const stripe = new Stripe(config.stripeSecretKey, {
      // The webhook calls Stripe (a duplicate's refund) while it holds the company's subscription
      // lock, and on PGlite every transaction waits for it: fail fast, with no retry of our own.
      // Stripe redelivers a failed webhook later and a buyer retries a checkout, both under
      // idempotency keys, so nothing is lost by giving up early.
      timeout: STRIPE_TIMEOUT_MS,
      maxNetworkRetries: 0,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
            protocol: api.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    }) as unknown as StripeApi;
    return new StripePaymentProvider(stripe, config.stripeWebhookSecret!, config.stripePublishableKey);
  }
  if (config.production) return null;
  return new LocalPaymentProvider(config.publicUrl, await secret());
}
