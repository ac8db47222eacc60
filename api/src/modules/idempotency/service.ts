import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import { sha256 } from '../../lib/hash.js';
import * as db from './queries.js';

export interface Answer<T> {
  status: number;
  body: T;
  /** The answer kept from the key's first request: nothing was done this time. */
  replayed: boolean;
}

/**
 * Runs `work` once per Idempotency-Key (inside the request's work transaction, `q`): the first
 * request with a key claims it, does the work and keeps its answer in the same transaction; a
 * resend of the same request gets that answer back without doing it again. A request without the
 * header is simply done. The key is the company's: the same key on another route, by another
 * user or with another body is refused (422), not answered with someone else's result.
 */
export async function once<T>(
  q: Queryable,
  request: FastifyRequest,
  status: number,
  work: () => Promise<T>,
): Promise<Answer<T>> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return { status, body: await work(), replayed: false };
  const principal = request.principal!;
  // The route's path with its params: the same key and body sent to another count's scans, or
  // another order's reception, is another request, not a resend of the first.
  const requestHash = sha256(
    JSON.stringify([
      request.routeOptions.url,
      request.params ?? null,
      request.method,
      principal.userId,
      request.body ?? null,
    ]),
  );
  if (await db.claim(q, principal.companyId, key, requestHash)) {
    const body = await work();
    await db.keep(q, key, status, body);
    return { status, body, replayed: false };
  }
  const earlier = await db.kept(q, key);
  // Keys kept before the params were part of the hash (kept KEEP_HOURS): a till's resend of a sale
  // it made then, whose answer it lost, is that sale — not a 422 that marks a sale done as failed.
  const keptBeforeParams = () =>
    sha256(JSON.stringify([request.routeOptions.url, request.method, principal.userId, request.body ?? null]));
  if (!earlier || (earlier.requestHash !== requestHash && earlier.requestHash !== keptBeforeParams()))
    throw new ApiError(
      422,
      'This Idempotency-Key was already used for a different request. Send a new key for each new request.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  // Claimed and committed without an answer cannot happen (claim and answer share a transaction).
  if (earlier.statusCode === null)
    throw new ApiError(409, 'This Idempotency-Key is still being used by another request.', 'IDEMPOTENCY_KEY_IN_USE');
  return { status: earlier.statusCode, body: earlier.response as T, replayed: true };
}
