import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ApiError } from '../lib/errors.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.js';

/**
 * PostgreSQL's refusals of a value itself: a check constraint (23514), text that is not of the
 * column's type (22P02), a number out of range (22003), a string too long (22001), a date or time
 * it cannot take (22007, 22008). Validation stops such values first; one that gets past it is still
 * the request's fault, so it is a 400 (logged as a warning, as a gap in validation) and never a 500.
 */
const REFUSED_VALUES = new Set(['23514', '22P02', '22003', '22001', '22007', '22008']);

/** A unique constraint's name → the field and message a client sees (409), declared by its module. */
export type ConstraintMessages = Record<string, [field: string, message: string]>;

function validationAnswer(error: FastifyError) {
  const first = error.validation?.[0];
  const params = (first?.params ?? {}) as Record<string, unknown>;
  let field = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (typeof params.missingProperty === 'string') field = [field, params.missingProperty].filter(Boolean).join('.');
  if (typeof params.additionalProperty === 'string')
    field = [field, params.additionalProperty].filter(Boolean).join('.');
  const where = field || error.validationContext || 'body';
  let message = `${where}: ${first?.message ?? 'is not valid'}`;
  if (typeof params.additionalProperty === 'string') message = `${where}: is not an allowed field`;
  return { statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION_ERROR', field: where };
}

/** The one error shape {statusCode, error, message, code?, field?}; 5xx never says more than that. */
export const errorsPlugin = fp<{ constraints: ConstraintMessages }>(
  async (app, { constraints }) => {
    app.setErrorHandler((error: FastifyError & { constraint?: string; code?: string }, request, reply) => {
      if (error instanceof ApiError) {
        return reply.status(error.statusCode).send({
          statusCode: error.statusCode,
          error: STATUS_CODES[error.statusCode] ?? 'Error',
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.field ? { field: error.field } : {}),
          ...error.extra,
        });
      }
      if (error.validation) return reply.status(400).send(validationAnswer(error));
      if (error.code === '23505' && error.constraint && constraints[error.constraint]) {
        const [field, message] = constraints[error.constraint]!;
        return reply.status(409).send({ statusCode: 409, error: 'Conflict', message, code: 'CONFLICT', field });
      }
      // `routine` tells PostgreSQL's (and PGlite's) errors from a library's that share a code field.
      if (typeof error.code === 'string' && REFUSED_VALUES.has(error.code) && 'routine' in error) {
        request.log.warn({ err: error }, 'a value the database refused got past validation');
        return reply.status(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: 'A value in this request cannot be stored as it is. Check the fields and try again.',
          code: 'INVALID_VALUE',
        });
      }
      const status =
        typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
      if (status < 500) {
        return reply.status(status).send({
          statusCode: status,
          error: STATUS_CODES[status] ?? 'Error',
          message: error.message,
          ...(typeof error.code === 'string' ? { code: error.code } : {}),
        });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The database is switching servers. Please try again in a few seconds.',
          code: 'DATABASE_UNAVAILABLE',
        });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      });
    });
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        code: 'NOT_FOUND',
      }),
    );
  },
  { name: 'errors' },
);
