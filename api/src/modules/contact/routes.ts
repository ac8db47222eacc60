import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inPublic } from '../../db/tenant.js';
import { answers } from '../../lib/schemas.js';
import * as S from './schemas.js';
import * as service from './service.js';

/** Under /api/contact (index.ts): the public landing page's contact form. */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags: ['contact'],
        operationId: 'sendContactMessage',
        body: S.ContactBody,
        response: answers(S.ContactResult, 201),
      },
    },
    async (request, reply) => {
      const id = await inPublic(app.db, (q) => service.sendMessage(q, request.ip, request.body));
      return reply.status(201).send({ id, message: service.THANKS });
    },
  );
};
