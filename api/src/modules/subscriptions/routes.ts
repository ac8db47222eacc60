import { Type } from '@sinclair/typebox';
import { SELF } from '../../access/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inPublic } from '../../db/tenant.js';
import { answers } from '../../lib/schemas.js';
import { AddonSchema, PlanSchema, SubscriptionSchema } from './schemas.js';
import { currentSubscription, listAddons, listPlans } from './service.js';

export const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/subscription/current',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getCurrentSubscription',
        ...SELF,
        tags: ['subscription'],
        security: [{ bearer: [] }],
        response: answers(SubscriptionSchema),
      },
    },
    (request) => app.inCompany(request, (q) => currentSubscription(q)),
  );
  // Plans and add-ons are the public price list (the pricing page shows them before sign-in).
  app.get(
    '/api/subscription/plans',
    { schema: { operationId: 'listPlans', tags: ['subscription'], response: answers(Type.Array(PlanSchema)) } },
    () => inPublic(app.db, listPlans),
  );
  app.get(
    '/api/subscription/addons',
    { schema: { operationId: 'listAddons', tags: ['subscription'], response: answers(Type.Array(AddonSchema)) } },
    () => inPublic(app.db, listAddons),
  );
};
