import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { currencyDigits } from '../../lib/money.js';
import { decodeTimeIdCursor, encodeCursor } from '../../lib/schemas.js';
import { assertMayRun, assertMaySetCost, seen, type Actor, type Sight } from '../items/index.js';
import { findBuiltInType, findLocation } from '../catalogue/index.js';
import { publish } from '../events/index.js';
import * as db from './queries.js';
import type {
  CountQuantityBody,
  MoveQuantityBody,
  QuantityMoveListQuery,
  QuantityStock,
  ReceiveQuantityBody,
} from './schemas.js';

// Quantity stock (docs/domain-quantity-stock.md): a model tracked by quantity per location; every
// change is a conditional update of one location's row and a row on the append-only ledger, in the
// caller's transaction — all or nothing.

/** The model's page, the items and models lists, reports and the dashboard see the change (live updates). */
const announce = (q: Queryable, companyId: string, modelIds: string[]) =>
  publish(q, companyId, 'quantity.changed', modelIds);

/** Too few on hand: a 409 naming the model, the location and what is there (nothing written). */
export const tooFew = (model: string, location: string, onHand: number, asked: number) =>
  new ApiError(
    409,
    `Only ${onHand} of ${model} on hand at ${location}: ${asked} cannot be taken. Nothing was changed.`,
    'NOT_ENOUGH_STOCK',
  );

/** The models named, each tracked by quantity (404 / 409 otherwise), FOR SHARE; by id. */
export async function quantityModels(q: Queryable, ids: string[], field = 'modelId', selling = false) {
  const rows = await db.quantityModels(q, [...new Set(ids)]);
  const byId = new Map(rows.map((m) => [m.id, m]));
  for (const id of ids) {
    const m = byId.get(id);
    if (!m) throw new ApiError(404, 'Product model not found.', 'NOT_FOUND', field);
    if (!m.trackedByQuantity)
      throw conflict(`${m.name} is tracked by unit: its items are received, sold and moved by serial.`, field);
    if (selling && m.archived) throw badRequest(`${field}: ${m.name} is archived`, field);
  }
  return byId;
}
const quantityModel = async (q: Queryable, id: string) => (await quantityModels(q, [id])).get(id)!;

/** A location the stock goes to or comes from: the company's, active. */
async function location(q: Queryable, id: string, field: string) {
  const l = await findLocation(q, id);
  if (!l) throw badRequest(`${field}: no such location`, field);
  if (!l.active) throw badRequest(`${field}: ${l.name} is deactivated`, field);
  return l;
}

/** The built-in type's claim, as its serialised equivalent needs (the owner runs every type). */
async function mayRunBuiltIn(q: Queryable, actor: Actor, key: string, name: string) {
  const type = await findBuiltInType(q, key);
  if (!type) throw new ApiError(409, `This company has no ${name} transaction type.`, 'TRANSACTION_TYPE_MISSING');
  assertMayRun(actor, type);
}

export async function getStock(q: Queryable, modelId: string): Promise<QuantityStock> {
  await quantityModel(q, modelId);
  return (await db.stockOf(q, modelId))!;
}

export async function listMoves(q: Queryable, modelId: string, query: QuantityMoveListQuery, sight: Sight) {
  await quantityModel(q, modelId);
  const limit = query.limit ?? 50;
  const after = decodeTimeIdCursor(query.cursor);
  const rows = await db.movePage(q, { modelId, locationId: query.locationId ?? null, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ _key: _, ...m }) => seen(m, sight)),
    nextCursor: rows.length > limit && last ? encodeCursor([last._key, last.id]) : null,
  };
}

/** Receives a quantity at a location (optionally at a cost of one unit): the Receive type's claim. */
export async function receive(q: Queryable, actor: Actor, sight: Sight, modelId: string, body: ReceiveQuantityBody) {
  assertMaySetCost(sight, body.cost);
  return receiveAt(q, actor, modelId, {
    locationId: body.locationId,
    quantity: body.quantity,
    cost: body.cost ?? null,
    reason: body.reason?.trim() || null,
    purchaseOrderId: null,
  });
}

/** A quantity received against a purchase order's line (modules/purchase-orders checks what is due). */
export interface OrderQuantityReception {
  purchaseOrderId: string;
  locationId: string;
  quantity: number;
  /** The line's unit cost: the ledger's cost of one, whoever receives (as an item's cost is). */
  unitCost: number;
  reason: string | null;
}

/** Receives a purchase order line's quantity: a "receive" row naming the order, at the line's cost. */
export const receiveAgainstOrder = (q: Queryable, actor: Actor, modelId: string, r: OrderQuantityReception) =>
  receiveAt(q, actor, modelId, { ...r, cost: r.unitCost });

/** The one write of a reception: the Receive type's claim, the model tracked by quantity (locked FOR SHARE). */
async function receiveAt(
  q: Queryable,
  actor: Actor,
  modelId: string,
  r: {
    locationId: string;
    quantity: number;
    cost: number | null;
    reason: string | null;
    purchaseOrderId: string | null;
  },
) {
  await mayRunBuiltIn(q, actor, 'receive', 'Receive');
  const model = await quantityModel(q, modelId);
  if (model.archived) throw badRequest(`modelId: ${model.name} is archived`, 'modelId');
  await location(q, r.locationId, 'locationId');
  const after = (await db.addOnHand(q, actor.companyId, modelId, r.locationId, r.quantity))!;
  await db.insertMoves(q, actor.companyId, actor.userId, [
    {
      modelId,
      locationId: r.locationId,
      kind: 'receive',
      delta: r.quantity,
      onHandAfter: after,
      cost: r.cost,
      reason: r.reason,
      purchaseOrderId: r.purchaseOrderId,
    },
  ]);
  announce(q, actor.companyId, [modelId]);
  return (await db.stockOf(q, modelId))!;
}

/** Moves a quantity from one location to another: the Move type's claim; never more than is there. */
export async function move(q: Queryable, actor: Actor, modelId: string, body: MoveQuantityBody) {
  if (body.fromLocationId === body.toLocationId)
    throw badRequest('toLocationId: the same location it comes from', 'toLocationId');
  await mayRunBuiltIn(q, actor, 'move', 'Move');
  const model = await quantityModel(q, modelId);
  const from = await location(q, body.fromLocationId, 'fromLocationId');
  await location(q, body.toLocationId, 'toLocationId');
  const left = await db.addOnHand(q, actor.companyId, modelId, from.id, -body.quantity);
  if (left === null) throw tooFew(model.name, from.name, await db.onHandAt(q, modelId, from.id), body.quantity);
  const there = (await db.addOnHand(q, actor.companyId, modelId, body.toLocationId, body.quantity))!;
  const transferId = randomUUID();
  const reason = body.reason?.trim() || null;
  await db.insertMoves(q, actor.companyId, actor.userId, [
    { modelId, locationId: from.id, kind: 'move', delta: -body.quantity, onHandAfter: left, transferId, reason },
    {
      modelId,
      locationId: body.toLocationId,
      kind: 'move',
      delta: body.quantity,
      onHandAfter: there,
      transferId,
      reason,
    },
  ]);
  announce(q, actor.companyId, [modelId]);
  return (await db.stockOf(q, modelId))!;
}

/**
 * A count sets what is on hand at a location to what was counted; the difference is on the ledger
 * as a correction with the reason (0 when the count agreed: the count is on record all the same).
 * The stock-take claim, as a serialised count's.
 */
export async function count(q: Queryable, actor: Actor, modelId: string, body: CountQuantityBody) {
  await quantityModel(q, modelId);
  await location(q, body.locationId, 'locationId');
  const before = await db.setOnHand(q, actor.companyId, modelId, body.locationId, body.counted);
  await db.insertMoves(q, actor.companyId, actor.userId, [
    {
      modelId,
      locationId: body.locationId,
      kind: 'count',
      delta: body.counted - before,
      onHandAfter: body.counted,
      reason: body.reason.trim(),
    },
  ]);
  announce(q, actor.companyId, [modelId]);
  return (await db.stockOf(q, modelId))!;
}

// ── sales: a line of a model × quantity ──

/** A sale line of a model × quantity, as asked (the location: where it is taken from, if named). */
export interface QuantityLineAsked {
  /** The line's index in the body (for a refusal's field). */
  n: number;
  modelId: string;
  locationId: string | undefined;
  quantity: number;
}

/**
 * Takes a sale's quantity lines off the shelf, all or nothing: each from its location, or from
 * where the model has the most. Each location's row is changed by a conditional update in one
 * stable order (model, location), so two tills selling the last ones queue instead of deadlocking
 * and the second is refused (409 naming the model, the location and what is left) — never sold
 * below 0. Answers, per line, where it was taken from and what is left there.
 */
export async function takeForSale(q: Queryable, companyId: string, lines: QuantityLineAsked[]) {
  // A sale of items only (nearly every sale) asks nothing more of the database.
  if (!lines.length) return [];
  const models = await quantityModels(
    q,
    lines.map((l) => l.modelId),
    'modelId',
    true,
  );
  const placed: Array<QuantityLineAsked & { locationId: string; locationName: string }> = [];
  for (const l of lines) {
    const field = `lines/${l.n}/locationId`;
    const at = l.locationId ?? (await db.fullestLocation(q, l.modelId));
    if (!at) throw tooFew(models.get(l.modelId)!.name, 'any location', 0, l.quantity);
    placed.push({ ...l, locationId: at, locationName: (await location(q, at, field)).name });
  }
  const keys = placed.map((l) => `${l.modelId}/${l.locationId}`);
  const twice = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (twice >= 0)
    throw badRequest(
      `lines/${placed[twice]!.n}/modelId: ${models.get(placed[twice]!.modelId)!.name} is on two lines: raise the first line's quantity instead`,
      `lines/${placed[twice]!.n}/modelId`,
    );
  const left = new Map<number, number>();
  for (const l of [...placed].sort((a, b) =>
    a.modelId === b.modelId ? a.locationId.localeCompare(b.locationId) : a.modelId.localeCompare(b.modelId),
  )) {
    const after = await db.addOnHand(q, companyId, l.modelId, l.locationId, -l.quantity);
    if (after === null)
      throw tooFew(
        models.get(l.modelId)!.name,
        l.locationName,
        await db.onHandAt(q, l.modelId, l.locationId),
        l.quantity,
      );
    left.set(l.n, after);
  }
  return placed.map((l) => ({ ...l, onHandAfter: left.get(l.n)! }));
}

/** The ledger rows of a sale's quantity lines, once the sale is written (its id names them). */
export async function recordSold(
  q: Queryable,
  actor: Pick<Actor, 'companyId' | 'userId'>,
  saleId: string,
  taken: Awaited<ReturnType<typeof takeForSale>>,
) {
  if (!taken.length) return;
  await db.insertMoves(
    q,
    actor.companyId,
    actor.userId,
    taken.map((l) => ({
      modelId: l.modelId,
      locationId: l.locationId,
      kind: 'sell' as const,
      delta: -l.quantity,
      onHandAfter: l.onHandAfter,
      saleId,
    })),
  );
  announce(
    q,
    actor.companyId,
    taken.map((l) => l.modelId),
  );
}

/**
 * A void puts a sale's quantity lines back where they were taken from, each with a "void" row
 * naming the sale and the reason. A line returned since: the void is refused (the caller's rule
 * for items, the same here), nothing written.
 */
export async function putBackForVoid(q: Queryable, actor: Actor, saleId: string, reason: string) {
  const lines = await db.saleQuantityLines(q, saleId);
  if (lines.some((l) => l.returned))
    throw conflict('A quantity line of the sale was returned since: return the rest instead. The sale was not voided.');
  if (!lines.length) return;
  const moves: db.NewMove[] = [];
  for (const l of lines) {
    const after = (await db.addOnHand(q, actor.companyId, l.modelId, l.locationId, l.quantity))!;
    moves.push({
      modelId: l.modelId,
      locationId: l.locationId,
      kind: 'void',
      delta: l.quantity,
      onHandAfter: after,
      saleId,
      reason,
    });
  }
  await db.insertMoves(q, actor.companyId, actor.userId, moves);
  announce(
    q,
    actor.companyId,
    lines.map((l) => l.modelId),
  );
}

/**
 * What the first `units` of a line of `quantity` stand for of its `total`, rounded to the
 * currency's decimals. A part's share is the difference of two of these, so however a line comes
 * back in parts, its parts add up to its total exactly.
 */
const shareOf = (total: number, units: number, quantity: number, digits: number) =>
  Math.round((total * units * 10 ** digits) / quantity) / 10 ** digits;

/**
 * Returns units of a sale's quantity line — all that are still out (the default) or some of them:
 * they go back where they were taken from, with a "return" row naming the sale, the reason and
 * what was paid back (at most their share of the line's total, the default; counted in the day's
 * refunds). The shares are cut so that the parts of a line returned in several goes add up to its
 * total to the cent. A line all back is returned no more; a void sale's lines are not returned
 * (its void put them back). The Return type's claim, as an item's return.
 */
export async function returnLine(
  q: Queryable,
  actor: Actor,
  saleId: string,
  body: { line: number; reason: string; refund?: number; quantity?: number },
) {
  const lineNo = body.line;
  await mayRunBuiltIn(q, actor, 'return', 'Return');
  const line = await db.lockQuantityLine(q, saleId, lineNo);
  if (!line) throw notFound('Sale line not found.');
  if (!line.modelId || !line.locationId)
    throw badRequest('line: an item’s line is returned by returning the item (Item Process, Return)', 'line');
  if (line.voided) throw conflict(`Sale ${line.number} is void: its quantities are back already.`);
  const out = line.quantity - line.returnedQuantity;
  if (out === 0) throw conflict(`Line ${lineNo} of sale ${line.number} was returned already.`);
  const units = body.quantity ?? out;
  if (units > out) throw badRequest(`quantity: at most the ${out} still out of line ${lineNo}`, 'quantity');
  const digits = currencyDigits(line.currency);
  const share =
    shareOf(line.total, line.returnedQuantity + units, line.quantity, digits) -
    shareOf(line.total, line.returnedQuantity, line.quantity, digits);
  const cap = Number(share.toFixed(digits));
  if (body.refund !== undefined && body.refund > cap)
    throw badRequest(`refund: at most ${cap.toFixed(digits)} for ${units} of ${line.quantity}`, 'refund');
  const after = (await db.addOnHand(q, actor.companyId, line.modelId, line.locationId, units))!;
  const [moveId] = await db.insertMoves(q, actor.companyId, actor.userId, [
    {
      modelId: line.modelId,
      locationId: line.locationId,
      kind: 'return',
      delta: units,
      onHandAfter: after,
      refund: Math.round((body.refund ?? cap) * 100) / 100,
      reason: body.reason.trim(),
      saleId,
    },
  ]);
  await db.markQuantityLineReturned(q, saleId, lineNo, units, moveId!);
  announce(q, actor.companyId, [line.modelId]);
  publish(q, actor.companyId, 'sale.made', [saleId]);
  return (await db.stockOf(q, line.modelId))!;
}
