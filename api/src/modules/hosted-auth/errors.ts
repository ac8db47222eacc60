import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.js';

// GoTrue's error answers, as supabase-js reads them (auth-js lib/fetch.ts handleError): a client
// that sends X-Supabase-Api-Version 2024-01-01 or later gets {code: <error code>, message} and
// the version echoed back; an older one gets {code: <status>, error_code, msg}. Both carry the
// x-sb-error-code header. (supabase/auth internal/api/errors.go, apierrors/errorcode.go.)

export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** weak_password answers name their reasons. */
    readonly reasons?: string[],
  ) {
    super(message);
  }
}

export const goTrue = (status: number, errorCode: string, message: string) =>
  new GoTrueError(status, errorCode, message);

const API_VERSION = '2024-01-01';

/** The request's API version header is 2024-01-01 or later (a date string compares as text). */
const newShape = (request: FastifyRequest) => {
  const raw = request.headers['x-supabase-api-version'];
  return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) && raw >= API_VERSION;
};

/** Our errors (sign-in, throttles, the access read) as GoTrue names them. */
function translate(error: ApiError): GoTrueError {
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return goTrue(400, 'invalid_credentials', 'Invalid login credentials');
    case 'EMAIL_NOT_VERIFIED':
      return goTrue(400, 'email_not_confirmed', 'Email not confirmed');
    case 'USER_DEACTIVATED':
      return goTrue(400, 'user_banned', 'User is banned');
    case 'WEAK_PASSWORD':
      return new GoTrueError(422, 'weak_password', error.message, ['length']);
    case 'TOO_MANY_REQUESTS':
      return goTrue(429, 'over_request_rate_limit', error.message);
    default:
      if (error.statusCode === 429) return goTrue(429, 'over_request_rate_limit', error.message);
      if (error.statusCode >= 500) return goTrue(error.statusCode, 'unexpected_failure', error.message);
      return goTrue(error.statusCode, 'validation_failed', error.message);
  }
}

function toGoTrue(error: FastifyError): GoTrueError | null {
  if (error instanceof GoTrueError) return error;
  if (error instanceof ApiError) return translate(error);
  if (error.validation) {
    const first = error.validation[0];
    const where = `${error.validationContext ?? 'body'}${first?.instancePath ?? ''}`;
    return goTrue(400, 'validation_failed', `${where}: ${first?.message ?? 'is not valid'}`);
  }
  if (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP'))
    return goTrue(400, 'bad_json', 'Could not parse request body as JSON');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)
    return goTrue(error.statusCode, 'validation_failed', error.message);
  return null;
}

export function sendGoTrueError(request: FastifyRequest, reply: FastifyReply, e: GoTrueError) {
  reply.header('x-sb-error-code', e.errorCode);
  const weak = e.reasons ? { weak_password: { reasons: e.reasons } } : {};
  if (newShape(request)) {
    reply.header('x-supabase-api-version', API_VERSION);
    return reply.status(e.status).send({ code: e.errorCode, message: e.message, ...weak });
  }
  return reply.status(e.status).send({ code: e.status, error_code: e.errorCode, msg: e.message, ...weak });
}

/** The /auth/v1 scope's error handler: every failure in GoTrue's shape; a 5xx says no more than that. */
export function goTrueErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = toGoTrue(error);
  if (known) return sendGoTrueError(request, reply, known);
  request.log.error({ err: error }, 'unhandled error');
  return sendGoTrueError(
    request,
    reply,
    goTrue(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
  );
}
