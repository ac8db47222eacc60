import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.js';
import { answers, OneOf } from '../../lib/schemas.js';

export const EnvironmentSchema = Type.Object(
  {
    mode: OneOf(['development', 'production']),
    standIns: Type.Object(
      {
        signIn: Type.Boolean({ description: 'The embedded OpenID provider stands in for Google.' }),
        payments: Type.Boolean({ description: 'The embedded checkout stands in for Stripe (test cards).' }),
        mail: Type.Boolean({ description: 'Mail goes to the outbox, readable on this machine only.' }),
        demoData: Type.Boolean({ description: 'A demo company with published passwords may exist.' }),
      },
      { additionalProperties: false },
    ),
    mail: Type.Boolean({ description: 'Mailed links (verification, password reset) work.' }),
    payments: Type.Boolean({ description: 'A purchase can be paid.' }),
    paymentProvider: Type.Union([Type.Literal('stripe'), Type.Literal('local'), Type.Null()], {
      description:
        'Who takes card payments: Stripe (the purchase page embeds its checkout, with Stripe.js), the local checkout page (development), or nobody.',
    }),
    auth: Type.Object(
      {
        url: Type.String({
          description: "supabase-js's project URL: createClient(url, key); the auth service answers at {url}/auth/v1.",
        }),
        key: Type.String({ description: 'The publishable key every call to the auth service names (public).' }),
      },
      { additionalProperties: false, description: 'The hosted authentication service (GoTrue protocol).' },
    ),
  },
  { additionalProperties: false, title: 'Environment' },
);

/** What the screens must say about this server: which stand-ins are in use, which features are off. */
export function describeEnvironment(config: Config) {
  const dev = !config.production;
  return {
    mode: config.mode,
    standIns: {
      signIn: dev && !config.googleClientId,
      payments: dev && !config.stripeSecretKey,
      mail: dev && !config.smtpUrl,
      demoData: config.seedDemo,
    },
    mail: dev || config.smtpUrl !== null,
    payments: dev || config.stripeSecretKey !== null,
    // The same choice as the billing module's paymentProviderFromConfig.
    paymentProvider: config.stripeSecretKey ? ('stripe' as const) : dev ? ('local' as const) : null,
    auth: { url: config.publicUrl, key: config.authPublishableKey },
  };
}

export const environmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const environment = describeEnvironment(app.config);
  app.get(
    '/api/environment',
    {
      schema: {
        tags: ['health'],
        operationId: 'environment',
        description: 'Development or production, the stand-ins in use, and the features a missing service turns off.',
        response: answers(EnvironmentSchema),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return environment;
    },
  );
};
