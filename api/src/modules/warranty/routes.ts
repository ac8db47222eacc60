import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permit, inWorkTransaction } from '../../access/index.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { actorOf, sightOf } from '../items/index.js';
import * as S from './schemas.js';
import * as service from './service.js';

export const warrantyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['warranty'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  // Every handler here works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);

  app.get(
    '/api/items/:id/warranty-claims',
    {
      schema: {
        ...common,
        ...permit('items.view', 'warranty.manage', 'reports.view'),
        operationId: 'listItemWarrantyClaims',
        description:
          'An item’s warranty claims, newest first (at most one not closed). The customer’s name only with customers.view.',
        params: IdParams,
        response: answers(S.WarrantyClaimList),
      },
    },
    (request) => app.inCompany(request, (q) => service.claimsOfItem(q, request.params.id, sightOf(request.access!))),
  );

  app.post(
    '/api/items/:id/warranty-claims',
    {
      schema: {
        ...common,
        ...permit('warranty.manage'),
        operationId: 'openWarrantyClaim',
        description:
          'Opens a warranty claim on an item whose warranty has not ended (409 NOT_UNDER_WARRANTY otherwise), one at a time (409 CLAIM_ALREADY_OPEN). The claim names the supplier the item came from; a "warranty" event goes on the item’s history. The item’s status is unchanged until it is sent.',
        params: IdParams,
        body: S.OpenClaimBody,
        response: answers(S.WarrantyClaimSchema, 201),
      },
    },
    async (request, reply) => {
      const claim = await app.inCompany(request, (q) =>
        service.openClaim(q, actorOf(request), request.params.id, request.body),
      );
      return reply.status(201).send(claim);
    },
  );

  app.post(
    '/api/warranty-claims/:id/advance',
    {
      schema: {
        ...common,
        ...permit('warranty.manage'),
        operationId: 'advanceWarrantyClaim',
        description:
          'Moves a claim one step: open → sent or closed; sent → repaired, replaced or closed; repaired/replaced → closed (409 CLAIM_STATE otherwise). Closing from open or sent is a rejection and needs a note. Sent puts the item in process (at the supplier); closing gives it back the status it had. Each step is a "warranty" event on the item’s history with the note.',
        params: IdParams,
        body: S.AdvanceClaimBody,
        response: answers(S.WarrantyClaimSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) => service.advanceClaim(q, actorOf(request), request.params.id, request.body)),
  );
};
