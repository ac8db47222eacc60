import type { Queryable } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/schemas.js';
import { GONE_STATUSES, STOCKTAKE_OUTCOMES, type StocktakeOutcome, type StocktakeState } from '../../vocabulary.js';
import { publish } from '../events/index.js';
import {
  announceItems,
  applyAndRecord,
  lockItems,
  type Actor,
  type ItemChange,
  type NewEvent,
} from '../items/index.js';
import * as db from './queries.js';
import type { OpenStocktakeBody, ScanAnswer, ScanBody } from './schemas.js';

const stateConflict = (message: string) => new ApiError(409, message, 'STOCKTAKE_STATE');

/** Every phone counting it, and the list, see the change (live updates). */
const announce = (q: Queryable, actor: Actor, id: string) => publish(q, actor.companyId, 'stocktake.changed', [id]);

async function detail(q: Queryable, id: string) {
  const stocktake = await db.findStocktake(q, id);
  if (!stocktake) throw notFound('Stock-take not found.');
  return { ...stocktake, recent: await db.recentScans(q, id) };
}

export const getStocktake = detail;

export async function listStocktakes(q: Queryable) {
  const items = await db.listStocktakes(q);
  return { items, total: items.length };
}

/** Opens a count of a location (or of every location); one at a time per location (409 otherwise). */
export async function openStocktake(q: Queryable, actor: Actor, body: OpenStocktakeBody) {
  const locationId = body.locationId ?? null;
  if (locationId && !(await db.locationExists(q, locationId)))
    throw badRequest('locationId: no such location', 'locationId');
  const id = await db.insertStocktake(q, {
    companyId: actor.companyId,
    locationId,
    note: body.note?.trim() || null,
    userId: actor.userId,
  });
  announce(q, actor, id);
  return detail(q, id);
}

/**
 * Records one scanned serial. The same serial again — from this phone or another, with a new key —
 * counts once (`repeated`); a resend of the same request (same Idempotency-Key) answers the first.
 * Only while counting: a paused or closed count refuses scans (409), so none is lost unseen.
 */
export async function scan(q: Queryable, actor: Actor, id: string, body: ScanBody): Promise<ScanAnswer> {
  const serial = body.serial.trim();
  if (!serial) throw badRequest('serial: scan or type a serial', 'serial');
  const row = await db.scan(q, { companyId: actor.companyId, stocktakeId: id, serial, userId: actor.userId });
  if (!row) throw notFound('Stock-take not found.');
  const { state, ...answer } = row;
  if (state !== 'counting')
    throw stateConflict(
      state === 'paused' ? 'This count is paused: resume it to scan.' : 'This count is closed: it takes no more scans.',
    );
  if (!answer.repeated) announce(q, actor, id);
  return answer;
}

/** Where a count may go from each state (apply has its own step). */
const NEXT: Record<StocktakeState, readonly StocktakeState[]> = {
  counting: ['paused', 'closed'],
  paused: ['counting', 'closed'],
  closed: ['applied'],
  applied: [],
};

async function lockFor(q: Queryable, id: string, to: StocktakeState) {
  const stocktake = await db.lockStocktake(q, id);
  if (!stocktake) throw notFound('Stock-take not found.');
  if (!NEXT[stocktake.state].includes(to))
    throw stateConflict(
      stocktake.state === 'applied'
        ? 'This count has been applied.'
        : `A count that is ${stocktake.state} can become ${NEXT[stocktake.state].join(' or ')}, not ${to}.`,
    );
  return stocktake;
}

/** Pause (nobody can scan) or resume (scanning again): the scans so far stay. */
export async function pauseOrResume(q: Queryable, actor: Actor, id: string, to: 'paused' | 'counting') {
  await lockFor(q, id, to);
  await db.moveStocktake(q, id, to, actor.userId);
  announce(q, actor, id);
  return detail(q, id);
}

/** Closes the count: scanning ends and the variance is frozen as things stand now. */
export async function close(q: Queryable, actor: Actor, id: string) {
  const stocktake = await lockFor(q, id, 'closed');
  await db.freezeVariance(q, actor.companyId, id, stocktake.locationId);
  await db.moveStocktake(q, id, 'closed', actor.userId);
  announce(q, actor, id);
  return detail(q, id);
}

export async function variance(q: Queryable, id: string, query: { outcome?: string; cursor?: string; limit?: number }) {
  const stocktake = await db.findStocktake(q, id);
  if (!stocktake) throw notFound('Stock-take not found.');
  if (!stocktake.closedAt) throw stateConflict('The variance is known once the count is closed.');
  const after = decodeCursor(query.cursor, 2);
  const limit = query.limit ?? 50;
  const outcome = (query.outcome ?? null) as StocktakeOutcome | null;
  if (outcome && !STOCKTAKE_OUTCOMES.includes(outcome)) throw badRequest('outcome: unknown', 'outcome');
  const rows = await db.variancePage(q, id, { outcome, after: after as [string, string] | null, limit: limit + 1 });
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor([last.outcome, last.serial]) : null };
}

const GONE: readonly string[] = GONE_STATUSES;

/**
 * Applies a closed count: each missing item still where it was expected and held becomes lost;
 * each misplaced one (held elsewhere, or lost) not sold since is moved to the counted location
 * (a lost one back in stock; a count of every location leaves it where it is recorded). An item
 * changed since closing in a way that settles it (sold, moved there, already lost) is skipped.
 * Each change is a "stocktake" event on the item's history naming the count.
 */
export async function apply(q: Queryable, actor: Actor, id: string) {
  const stocktake = await lockFor(q, id, 'applied');
  const lines = await db.linesToApply(q, id);
  const outcomeOf = new Map(lines.map((l) => [l.itemId, l.outcome]));
  const items = lines.length ? await lockItems(q, { ids: lines.map((l) => l.itemId) }) : [];
  const changes: ItemChange[] = [];
  const events: NewEvent[] = [];
  let lost = 0;
  let moved = 0;
  for (const item of items) {
    const outcome = outcomeOf.get(item.id);
    let status = item.status;
    let locationId = item.locationId;
    if (outcome === 'missing') {
      if (GONE.includes(item.status) || (stocktake.locationId && item.locationId !== stocktake.locationId)) continue;
      status = 'lost';
      lost++;
    } else {
      if (item.status !== 'lost' && GONE.includes(item.status)) continue;
      if (item.status === 'lost') status = 'in_stock';
      locationId = stocktake.locationId ?? item.locationId;
      if (status === item.status && locationId === item.locationId) continue;
      moved++;
    }
    changes.push({ id: item.id, status, locationId, customerId: item.customerId, sold: false, salePrice: null });
    events.push({
      itemId: item.id,
      version: item.version + 1,
      kind: 'stocktake',
      transactionTypeId: null,
      fromLocationId: item.locationId,
      toLocationId: locationId,
      fromStatus: item.status,
      toStatus: status,
      customerId: item.customerId,
      saleId: null,
      deltas: null,
      stocktakeId: id,
    });
  }
  if (changes.length) {
    await applyAndRecord(
      q,
      changes,
      { companyId: actor.companyId, userId: actor.userId, note: stocktake.note },
      events,
    );
    announceItems(q, actor, changes);
  }
  await db.moveStocktake(q, id, 'applied', actor.userId);
  announce(q, actor, id);
  return { stocktake: (await db.findStocktake(q, id))!, lost, moved, skipped: lines.length - changes.length };
}
