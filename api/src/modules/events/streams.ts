import type { Database, Queryable } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';
import { tooManyRequests } from '../../lib/errors.js';
import { closeStreams } from './publisher.js';
import {
  companyStreams,
  deleteStreams,
  insertStream,
  lockCompanyStreams,
  sweepLapsedStreams,
  touchStreams,
} from './queries.js';

/**
 * How many streams one user may hold open at once, on all replicas together: a few tabs. Past it
 * the oldest is closed, so the tab in front of the user always gets live updates (a browser
 * allows 6 HTTP/1.1 connections per site: more streams than this would starve its own requests).
 */
export const STREAMS_PER_USER = 5;
/** And one company: twice the largest plan's 25 seats. Past it a new stream is refused (429). */
export const STREAMS_PER_COMPANY = 50;
/** Each replica renews its open streams' rows this often… */
export const STREAM_RENEW_MS = 20_000;
/** …and a row not renewed for this long belongs to a replica that died: it no longer counts. */
export const STREAM_LAPSE_SECONDS = 60;

const companyFull = () =>
  tooManyRequests(
    `Your company already has ${STREAMS_PER_COMPANY} live-update connections open, the most it may have. Close some browser tabs, or try again in a minute.`,
  );

/**
 * The company's open streams (lapsed rows swept first), and which of this user's would have to
 * close for one more to fit their share; 429 when the company's share is full even then.
 */
async function roomFor(q: Queryable, companyId: string, userId: string): Promise<string[]> {
  await sweepLapsedStreams(q, companyId, STREAM_LAPSE_SECONDS);
  const rows = await companyStreams(q, companyId, userId);
  const own = rows.filter((r) => r.mine).map((r) => r.id);
  const replaced = own.slice(0, Math.max(0, own.length - (STREAMS_PER_USER - 1)));
  if (rows.length - replaced.length >= STREAMS_PER_COMPANY) throw companyFull();
  return replaced;
}

/** Before a ticket is issued: refused at once (a JSON 429 the browser can read) when the company is full. */
export async function checkRoom(q: Queryable, companyId: string, userId: string): Promise<void> {
  await roomFor(q, companyId, userId);
}

/**
 * In the transaction that opens a stream: one company at a time (so two replicas admitting at once
 * cannot both take the last place), the user's oldest streams past their share announced closed on
 * every replica once this commits, and the new one recorded.
 */
export async function admitStream(q: Queryable, companyId: string, userId: string, streamId: string): Promise<void> {
  await lockCompanyStreams(q, companyId);
  const replaced = await roomFor(q, companyId, userId);
  if (replaced.length) {
    await deleteStreams(q, replaced);
    closeStreams(q, companyId, { streams: replaced }, 'too-many-streams');
  }
  await insertStream(q, streamId, companyId, userId);
}

/** This replica's streams are still open; answers those whose rows are still there (the others were swept). */
export async function renewStreams(db: Database, ids: string[]): Promise<Set<string>> {
  const rows = await inPublic(db, (q) => touchStreams(q, ids));
  return new Set(rows.map((r) => r.id));
}

/** These streams have closed. */
export const forgetStreams = (db: Database, ids: string[]) => inPublic(db, (q) => deleteStreams(q, ids));
