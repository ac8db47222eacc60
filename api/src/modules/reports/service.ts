import type { Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { ID_PATTERN } from '../../lib/formats.js';
import { badCursor, decodeCursor, decodeTimeIdCursor, encodeCursor, isKeyTime } from '../../lib/schemas.js';
import { usage } from '../billing/index.js';
import { findCustomer } from '../catalogue/index.js';
import { seen, seenEvent, type Sight } from '../items/index.js';
import { GONE_STATUSES } from '../../vocabulary.js';
import * as db from './queries.js';
import {
  AWAITING_PROCESS,
  HELD_STATUSES,
  type Dashboard,
  type GroupBy,
  type InventoryQuery,
  type TrackingQuery,
  type WarrantyQuery,
} from './schemas.js';

const DAY = 86_400_000;
function page<R extends { id?: string; _key: string }>(rows: R[], limit: number, idOf: (r: R) => string) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ _key: _k, ...r }) => r),
    nextCursor: rows.length > limit && last ? encodeCursor([last._key, idOf(last)]) : null,
  };
}

/** Movements in [from, to): to defaults to now, from to 30 days before it. */
export async function tracking(q: Queryable, query: TrackingQuery, sight: Sight) {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY);
  if (from.getTime() > to.getTime()) throw badRequest('from: must not be after to', 'from');
  const limit = query.limit ?? 50;
  const rows = await db.trackingPage(
    q,
    {
      from: from.toISOString(),
      to: to.toISOString(),
      transactionTypeId: query.transactionTypeId,
      kind: query.kind,
      userId: query.userId,
      locationId: query.locationId,
      itemTypeId: query.itemTypeId,
      dir: query.sort === 'oldest' ? 'asc' : 'desc',
      limit,
    },
    decodeTimeIdCursor(query.cursor),
  );
  const answer = page(rows, limit, (r) => r.id);
  return { ...answer, items: answer.items.map((r) => seenEvent(seen(r, sight), sight)) };
}

export const warehouseStatus = (q: Queryable) => db.warehouseStatus(q);

export async function inventory(q: Queryable, query: InventoryQuery, sight: Sight) {
  const groupBy: GroupBy = query.groupBy ?? 'itemType';
  if (query.status && !HELD_STATUSES.includes(query.status))
    throw badRequest(`status: the inventory counts what is held (${HELD_STATUSES.join(', ')})`, 'status');
  const items = await db.inventory(q, groupBy, query.status ? [query.status] : HELD_STATUSES);
  const totals = items.reduce(
    (t, r) => ({
      items: t.items + r.items,
      costValue: t.costValue + (r.costValue ?? 0),
      saleValue: t.saleValue + r.saleValue,
    }),
    { items: 0, costValue: 0, saleValue: 0 },
  );
  const cents = (n: number) => Math.round(n * 100) / 100;
  return {
    groupBy,
    items: items.map((r) => seen(r, sight)),
    totals: seen({ ...totals, costValue: cents(totals.costValue), saleValue: cents(totals.saleValue) }, sight),
  };
}

export async function warranty(q: Queryable, query: WarrantyQuery, sight: Sight) {
  const limit = query.limit ?? 50;
  const rows = await db.warrantyPage(
    q,
    {
      within: query.within ?? 30,
      ended: query.ended !== '0',
      customerId: query.customerId,
      claim: query.claim,
      dir: query.sort === 'ends_desc' ? 'desc' : 'asc',
      limit,
    },
    decodeTimeIdCursor(query.cursor),
  );
  return page(
    rows.map((r) => seen(r, sight)),
    limit,
    (r) => r.itemId,
  );
}

export async function customerHistory(q: Queryable, customerId: string, query: { cursor?: string; limit?: number }) {
  const customer = await findCustomer(q, customerId);
  if (!customer) throw notFound('Customer not found.');
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor, 3);
  if (
    after &&
    (!isKeyTime(after[0]) ||
      !ID_PATTERN.test(String(after[1])) ||
      !(Number.isInteger(after[2]) && (after[2] as number) >= 1 && (after[2] as number) <= 2 ** 31 - 1))
  )
    throw badCursor();
  const rows = await db.purchasePage(q, customerId, limit, after as [string, string, number] | null);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    summary: await db.customerSummary(q, customerId),
    items: items.map(({ _key: _k, _line: _l, ...r }) => r),
    nextCursor: rows.length > limit && last ? encodeCursor([last._key, last.saleId, last._line]) : null,
    returns: await db.customerReturns(q, customerId),
  };
}

export async function dashboard(q: Queryable): Promise<Omit<Dashboard, 'asOf'>> {
  const byStatus = await db.countByStatus(q);
  const { perDay, perWeek } = await db.salesPeriods(q, 30, 12);
  const statuses = [...HELD_STATUSES, ...GONE_STATUSES];
  const planUsage = await usage(q);
  const done = await db.firstStepsDone(q);
  return {
    stock: {
      held: HELD_STATUSES.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0),
      byLocation: await db.heldByLocation(q, HELD_STATUSES),
      byStatus: statuses.map((status) => ({ status, items: byStatus.get(status) ?? 0 })),
    },
    salesPerDay: perDay,
    salesPerWeek: perWeek,
    itemsInProcess: byStatus.get('in_process') ?? 0,
    warrantiesEndingIn30Days: await db.warrantiesEnding(q, 30),
    planUsage,
    firstSteps: {
      received: [...byStatus.values()].some((items) => items > 0),
      // Users counts the pending invitations too: anyone beyond the owner was invited.
      invited: planUsage.users.used > 1,
      labelsSet: done.labelsSet,
      sold: done.sold,
    },
  };
}

/** What the My Tasks queues count: items waiting for a Storekeeper, in transit, warranties ending. */
export async function queueCounts(q: Queryable) {
  const byStatus = await db.countByStatus(q);
  return {
    awaitingProcess: AWAITING_PROCESS.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0),
    incomingTransfers: byStatus.get('in_transit') ?? 0,
    expiringWarranties: await db.warrantiesEnding(q, 30),
  };
}
