import type { FastifyRequest } from 'fastify';
import type { Actor } from './engine.js';

/** Who acts in a request, as the engine takes it: the principal and the access authentication set. */
export const actorOf = (request: FastifyRequest): Actor => ({
  companyId: request.principal!.companyId,
  userId: request.principal!.userId,
  access: request.access!,
});
