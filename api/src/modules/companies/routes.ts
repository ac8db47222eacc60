import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inWorkTransaction, permit, SELF } from '../../access/index.js';
import { answers, IdParams } from '../../lib/schemas.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { settingsChanged } from '../events/index.js';

/** Under /api/company (index.ts). */
export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['company'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  // Every handler here works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);

  app.get(
    '',
    {
      schema: {
        ...common,
        operationId: 'getMyCompany',
        ...SELF,
        description: 'The caller’s company (tenants only ever see their own).',
        response: answers(S.CompanySchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.getCompany(q, request.principal!.companyId)),
  );

  app.get(
    '/:id',
    { schema: { ...common, operationId: 'getCompany', ...SELF, params: IdParams, response: answers(S.CompanySchema) } },
    (request) => app.inCompany(request, (q) => service.getCompany(q, request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: {
        ...common,
        operationId: 'updateCompany',
        ...permit('settings.manage'),
        params: IdParams,
        body: S.UpdateCompanyBody,
        response: answers(S.CompanySchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const company = await service.updateCompany(
          q,
          app.objects,
          request.params.id,
          request.body,
          request.principal!.userId,
        );
        settingsChanged(q, request.params.id, '/api/company', request.params.id);
        return company;
      }),
  );
};
