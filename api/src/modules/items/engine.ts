import type { Queryable } from '../../db/database.js';
import type { Access } from '../../access/index.js';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Status, TransactionType } from '../catalogue/index.js';
import { BUILT_IN_TYPE_JSON, findCustomer, findLocation } from '../catalogue/index.js';
import { REASON_REQUIRED, RETURN_DESTINATIONS, type StatusKey } from '../../vocabulary.js';
import * as db from './queries.js';
import { publish } from '../events/index.js';

/**
 * The engine: one way items change state. A transaction type is applied to a set of items all or
 * nothing, in the caller's transaction:
 *   1. the caller may run this type (its transaction-type claim; the owner runs every type),
 *   2. the items are locked FOR UPDATE in one stable order (by id) — concurrent batches queue, never deadlock,
 *   3. each item's status must be one the type accepts; every refusal is collected and the batch
 *      answers 409 naming each serial and why, having written nothing,
 *   4. status / location / customer are set, version bumped, and one event per item is appended.
 * Reception, process, move, status change, return, scrap and sales (rapid sell = one line) all go
 * through here; a master-data edit writes its own event with field deltas (service.ts).
 */

export interface Actor {
  companyId: string;
  userId: string;
  access: Access;
}

export interface EngineInput {
  type: TransactionType;
  /** Items by id or by serial (one of them). */
  itemIds?: string[];
  serials?: string[];
  toLocationId?: string | null;
  toStatus?: Status | null;
  customerId?: string | null;
  note?: string | null;
  /** Why: required of a return and a scrap, kept on each event. */
  reason?: string | null;
  /** A return's amount paid back, for one item; without it each item's whole sale price. */
  refund?: number | null;
  /** A return's amount paid back per item (by id); an item not named is paid its whole sale price. */
  refunds?: ReadonlyArray<{ itemId: string; refund: number }> | null;
}

export interface Plan {
  type: TransactionType;
  items: db.LockedItem[];
  changes: db.ItemChange[];
  customerId: string | null;
  note: string | null;
  reason: string | null;
  /** A return's sale line per item (the one it takes back) and what is paid back for it. */
  returns: Map<string, { saleId: string | null; refund: number }>;
}

const STATUS_WORDS: Record<StatusKey, string> = {
  in_stock: 'in-stock',
  in_process: 'in-process',
  reserved: 'reserved',
  in_transit: 'in-transit',
  sold: 'sold',
  returned: 'returned',
  defective: 'defective',
  scrapped: 'scrapped',
  lost: 'lost',
  on_loan: 'on-loan',
};
const VERB: Record<string, string> = {
  sell: 'sold',
  move: 'moved',
  status_change: 'given a new status',
  return: 'returned',
  scrap: 'scrapped',
  receive: 'received',
};

export function refused(refusals: Array<{ serial: string; reason: string }>, what = 'Nothing was changed'): ApiError {
  const shown = refusals.slice(0, 5).map((r) => `${r.serial}: ${r.reason}`);
  const more = refusals.length > 5 ? ` (and ${refusals.length - 5} more)` : '';
  return new ApiError(409, `${shown.join('; ')}${more}. ${what}.`, 'ITEMS_REFUSED', undefined, { refusals });
}

export function assertMayRun(actor: Actor, type: TransactionType): void {
  if (!type.active) throw new ApiError(409, `${type.name} is deactivated.`, 'TRANSACTION_TYPE_INACTIVE');
  if (!actor.access.mayRun(type.id)) throw forbidden(`None of your roles may run ${type.name}.`);
}

type Named = Pick<EngineInput, 'itemIds' | 'serials'>;

/** The items named, checked for an empty or repeated list before anything is read. */
function named(input: Named, allowNone = false) {
  const wanted = input.itemIds ?? input.serials ?? [];
  if (!wanted.length && !allowNone) throw badRequest('itemIds: name the items (itemIds or serials)', 'itemIds');
  const keys = input.itemIds ? wanted : wanted.map((s) => s.trim().toLowerCase());
  if (new Set(keys).size !== keys.length) {
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    throw badRequest(
      `${input.itemIds ? 'itemIds' : 'serials'}: ${twice[0]} is named twice`,
      input.itemIds ? 'itemIds' : 'serials',
    );
  }
  return { wanted, keys, by: input.itemIds ? { ids: wanted } : { serials: wanted } };
}

/** Steps 1–3: checks, locks and decides; throws before anything is written. */
export async function prepare(q: Queryable, actor: Actor, input: EngineInput): Promise<Plan> {
  assertMayRun(actor, input.type);
  const list = named(input);
  return decide(q, input, list, await db.lockItems(q, list.by));
}

/**
 * prepare for a built-in type (a sale's Sell), read in the same round trip that locks the items.
 * `name` is what the refusal calls the type when the company has none. companySql: a JSON read of
 * the caller's company the work also needs (see lockItemsForType), answered as `company`.
 */
export async function prepareBuiltIn<C = null>(
  q: Queryable,
  actor: Actor,
  key: string,
  name: string,
  input: Omit<EngineInput, 'type'>,
  companySql?: string,
  /** A sale of quantity lines only names no item: the type's checks still run. */
  allowNone = false,
): Promise<Plan & { company: C | null }> {
  const list = named(input, allowNone);
  const { type, items, company } = await db.lockItemsForType<TransactionType, C>(
    q,
    list.by,
    BUILT_IN_TYPE_JSON,
    key,
    companySql ? { sql: companySql, id: actor.companyId } : undefined,
  );
  if (!type) throw new ApiError(409, `This company has no ${name} transaction type.`, 'TRANSACTION_TYPE_MISSING');
  assertMayRun(actor, type);
  return { ...(await decide(q, { ...input, type }, list, items)), company };
}

async function decide(
  q: Queryable,
  input: EngineInput,
  { wanted, keys }: ReturnType<typeof named>,
  items: db.LockedItem[],
): Promise<Plan> {
  const { type } = input;
  if (items.length !== wanted.length) {
    const found = new Set(items.map((i) => (input.itemIds ? i.id : i.serial.toLowerCase())));
    const missing = wanted.filter((w, i) => !found.has(keys[i]!));
    throw new ApiError(
      404,
      `No such item: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''}.`,
      'ITEM_NOT_FOUND',
    );
  }

  // Where the items go and what they become.
  const toLocationId: string | null = input.toLocationId ?? type.defaultToLocationId ?? null;
  let toStatus: string | null = type.toStatus;
  if (type.kind === 'move' && !toLocationId)
    throw badRequest('toLocationId: a move needs a destination', 'toLocationId');
  if (type.kind === 'status_change') {
    if (!input.toStatus) throw badRequest('toStatus: name the new status', 'toStatus');
    if (input.toStatus === 'sold') throw badRequest('toStatus: only a sale makes an item sold', 'toStatus');
    // A lent item has its loan (to whom, until when): only a check-out makes one.
    if (input.toStatus === 'on_loan')
      throw badRequest('toStatus: only a check-out (Loans) puts an item on loan', 'toStatus');
    toStatus = input.toStatus;
  } else if (type.kind === 'return' && input.toStatus) {
    if (!(RETURN_DESTINATIONS as readonly string[]).includes(input.toStatus))
      throw badRequest(`toStatus: a returned item goes to ${RETURN_DESTINATIONS.join(', ')}`, 'toStatus');
    toStatus = input.toStatus;
  } else if (input.toStatus && input.toStatus !== type.toStatus) {
    throw badRequest(`toStatus: ${type.name} sets the status itself`, 'toStatus');
  }
  const reason = input.reason?.trim() || null;
  if (!reason && REASON_REQUIRED.includes(type.kind))
    throw badRequest(`reason: say why the items are ${VERB[type.kind]}`, 'reason');
  const asked = askedRefunds(input, type, wanted.length, items);
  if (toLocationId) {
    const location = await findLocation(q, toLocationId);
    if (!location) throw badRequest('toLocationId: no such location', 'toLocationId');
    if (!location.active) throw badRequest(`toLocationId: ${location.name} is deactivated`, 'toLocationId');
  }
  const customerId = input.customerId ?? null;
  if (type.customerRequired && !customerId) throw badRequest(`customerId: ${type.name} needs a customer`, 'customerId');
  if (customerId) {
    const customer = await findCustomer(q, customerId);
    if (!customer || !customer.isCustomer) throw badRequest('customerId: no such customer', 'customerId');
    // A deactivated customer keeps their history (a return of what they bought still names them)
    // but buys nothing new.
    if (!customer.active && type.kind === 'sell')
      throw badRequest(`customerId: ${customer.name} is deactivated`, 'customerId');
  }

  const refusals: Array<{ serial: string; reason: string }> = [];
  const changes: db.ItemChange[] = [];
  for (const item of items) {
    const verb = VERB[type.kind] ?? `put through ${type.name}`;
    if (!type.fromStatuses.includes(item.status as Status)) {
      refusals.push({
        serial: item.serial,
        reason: `${STATUS_WORDS[item.status as StatusKey] ?? item.status} items cannot be ${verb}`,
      });
      continue;
    }
    if (type.kind === 'move' && item.locationId === toLocationId) {
      refusals.push({ serial: item.serial, reason: 'it is already there' });
      continue;
    }
    if (type.kind === 'status_change' && item.status === toStatus) {
      refusals.push({
        serial: item.serial,
        reason: `it is already ${STATUS_WORDS[toStatus as StatusKey] ?? toStatus}`,
      });
      continue;
    }
    changes.push({
      id: item.id,
      status: toStatus ?? item.status,
      locationId: toLocationId ?? item.locationId,
      customerId: type.kind === 'sell' ? customerId : item.customerId,
      sold: type.kind === 'sell',
      salePrice: null,
    });
  }
  if (refusals.length) throw refused(refusals);
  const returns = type.kind === 'return' ? await refunds(q, items, asked) : new Map();
  return { type, items, changes, customerId, note: input.note?.trim() || null, reason, returns };
}

/**
 * What a return is asked to pay back, by item id, each with the body's field that asked for it
 * (`refund`, or `refunds.<n>.refund`): a refusal names that field, so a form shows it on that line.
 */
type AskedRefunds = Map<string, { amount: number; field: string }>;

/**
 * The refunds a return names, one way for one item (`refund`) and for several (`refunds`, one per
 * item, e.g. items of different sales at different prices): each is then checked against its own
 * sale line by `refunds`, the single return's rule for every item.
 */
function askedRefunds(
  input: EngineInput,
  type: TransactionType,
  count: number,
  items: db.LockedItem[],
): AskedRefunds | null {
  const { refund, refunds } = input;
  if (refund == null && refunds == null) return null;
  const field = refund != null ? 'refund' : 'refunds';
  if (type.kind !== 'return') throw badRequest(`${field}: only a return refunds`, field);
  if (refund != null && refunds != null)
    throw badRequest('refunds: send refund (one item) or refunds (one per item), not both', 'refunds');
  if (refund != null) {
    if (count !== 1)
      throw badRequest('refund: an amount is for one item (without it each is refunded its sale price)', 'refund');
    return new Map([[items[0]!.id, { amount: refund, field }]]);
  }
  const returned = new Set(items.map((i) => i.id));
  const asked: AskedRefunds = new Map();
  refunds!.forEach(({ itemId, refund: amount }, n) => {
    const at = `refunds.${n}.itemId`;
    if (!returned.has(itemId)) throw badRequest(`${at}: ${itemId} is not among the items returned`, at);
    if (asked.has(itemId)) throw badRequest(`${at}: ${itemId} is named twice`, at);
    asked.set(itemId, { amount, field: `refunds.${n}.refund` });
  });
  return asked;
}

/**
 * A return takes back each item's open sale line (of a sale not voided, not returned yet) and pays
 * back at most its price: the refund asked for it, or the whole price. A sold item with no line
 * (sold before lines were kept) refunds nothing.
 */
async function refunds(q: Queryable, items: db.LockedItem[], asked: AskedRefunds | null) {
  const lines = new Map(
    (
      await db.openSaleLines(
        q,
        items.map((i) => i.id),
      )
    ).map((l) => [l.itemId, l]),
  );
  const out = new Map<string, { saleId: string | null; refund: number }>();
  for (const item of items) {
    const line = lines.get(item.id);
    const price = line?.price ?? 0;
    const refund = asked?.get(item.id);
    if (refund && refund.amount > price)
      throw badRequest(`${refund.field}: at most the sale price, ${price.toFixed(2)}`, refund.field);
    out.set(item.id, { saleId: line?.saleId ?? null, refund: Math.round((refund?.amount ?? price) * 100) / 100 });
  }
  return out;
}

/** Step 4 as data: the items' changes and one event per item. */
export function writesOf(
  actor: Actor,
  plan: Plan,
  extra: { saleId?: string; prices?: Map<string, number> } = {},
): { changes: db.ItemChange[]; events: db.NewEvent[]; meta: db.EventMeta } {
  const byId = new Map(plan.items.map((i) => [i.id, i]));
  const changes = plan.changes.map((c) => ({ ...c, salePrice: extra.prices?.get(c.id) ?? c.salePrice }));
  const events = changes.map((c) => {
    const before = byId.get(c.id)!;
    return {
      itemId: c.id,
      version: before.version + 1,
      kind: plan.type.kind,
      transactionTypeId: plan.type.id,
      fromLocationId: before.locationId,
      toLocationId: c.locationId,
      fromStatus: before.status,
      toStatus: c.status,
      // A sale records its buyer (or none); a return, the customer who brings the item back.
      customerId:
        plan.type.kind === 'sell'
          ? c.customerId
          : plan.type.kind === 'return'
            ? (plan.customerId ?? before.customerId)
            : plan.customerId,
      saleId: extra.saleId ?? plan.returns.get(c.id)?.saleId ?? null,
      deltas: null,
      reason: plan.reason,
      refund: plan.returns.get(c.id)?.refund ?? null,
    };
  });
  return {
    changes,
    events,
    meta: { companyId: actor.companyId, userId: actor.userId, note: plan.note },
  };
}

/** Step 4: writes the changes and one event per item in one statement, and announces them; answers the event ids. */
export async function apply(q: Queryable, actor: Actor, plan: Plan): Promise<string[]> {
  const w = writesOf(actor, plan);
  const ids = await db.applyAndRecord(q, w.changes, w.meta, w.events);
  if (plan.returns.size) await db.markLinesReturned(q, ids);
  announceItems(q, actor, w.changes);
  return ids;
}

export const announceItems = (q: Queryable, actor: Actor, changes: db.ItemChange[]) =>
  publish(
    q,
    actor.companyId,
    'item.changed',
    changes.map((c) => c.id),
  );

/** prepare + apply, for the callers that need no document around the change. */
export async function run(q: Queryable, actor: Actor, input: EngineInput): Promise<string[]> {
  return apply(q, actor, await prepare(q, actor, input));
}

export const itemNotFound = () => notFound('Item not found.');
