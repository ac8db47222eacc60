import type { Queryable } from '../../db/database.js';
import { pageLimit, qb, run, sql } from '../../db/query-builder.js';
import { exact, iso } from '../../db/timestamps.js';
import type { Status } from '../catalogue/index.js';
import { EVENT_LOAN } from '../items/index.js';
import type { WarrantyState } from '../../vocabulary.js';
import type { GroupBy, InventoryRow, Purchase, TrackingRow, WarehouseStatus, WarrantyRow } from './schemas.js';

// SQL only. Aggregates sum the counters of migrations 0010 and 0013 (item_counts, sale_days), which
// the database keeps in the writing transaction: a group's figure is the sum of its rows (one folded
// row and the deltas written since); lists page by keyset over an index in their order.

type Key = { id: string; _key: string };
type Dir = 'asc' | 'desc';
const keysetOp = (dir: Dir) => sql.raw(dir === 'asc' ? '>' : '<');
/** Keys compare as text in the same order as in SQL: fixed-width timestamps, then lowercase uuids. */
const byKey = (dir: Dir) => (x: Key, y: Key) => {
  const c = x._key < y._key ? -1 : x._key > y._key ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  return dir === 'asc' ? c : -c;
};

// ── tracking ──
export interface TrackingFilter {
  from: string;
  to: string;
  transactionTypeId?: string;
  kind?: string;
  userId?: string;
  locationId?: string;
  itemTypeId?: string;
  dir: Dir;
  limit: number;
}

function trackingBranch(f: TrackingFilter, after: [string, string] | null, location?: 'to' | 'from') {
  let page = qb
    .selectFrom('item_events as e')
    .select(['e.id'])
    .select(sql<string>`${sql.raw(exact('e.created_at'))}`.as('_key'))
    .where(sql<boolean>`e.created_at >= ${f.from}::timestamptz`)
    .where(sql<boolean>`e.created_at < ${f.to}::timestamptz`)
    .orderBy('e.created_at', f.dir)
    .orderBy('e.id', f.dir)
    .limit(pageLimit(f.limit + 1));
  if (f.transactionTypeId) page = page.where('e.transaction_type_id', '=', f.transactionTypeId);
  if (f.kind) page = page.where('e.kind', '=', f.kind);
  if (f.userId) page = page.where('e.user_id', '=', f.userId);
  if (location === 'to') page = page.where('e.to_location_id', '=', f.locationId!);
  if (location === 'from') page = page.where('e.from_location_id', '=', f.locationId!);
  if (f.itemTypeId) {
    const itemTypeId = f.itemTypeId;
    page = page.where((eb) =>
      eb.exists(
        eb
          .selectFrom('items as i')
          .select('i.id')
          .whereRef('i.id', '=', 'e.item_id')
          .where('i.item_type_id', '=', itemTypeId),
      ),
    );
  }
  if (after)
    page = page.where(
      sql<boolean>`(e.created_at, e.id) ${keysetOp(f.dir)} (${after[0]}::timestamptz, ${after[1]}::uuid)`,
    );
  return page;
}

/**
 * One page of events (limit + 1 rows). A location filter reads two ordered index ranges — events
 * that arrived there, events that left from there — and merges them: an OR would lose the order.
 */
export async function trackingPage(
  q: Queryable,
  f: TrackingFilter,
  after: [string, string] | null,
): Promise<Array<TrackingRow & { _key: string }>> {
  let keys: Key[];
  if (f.locationId) {
    const [arrived, left] = [
      await run(q, trackingBranch(f, after, 'to')),
      await run(q, trackingBranch(f, after, 'from')),
    ];
    const seen = new Set<string>();
    keys = [...arrived, ...left]
      .sort(byKey(f.dir))
      .filter((k) => !seen.has(k.id) && seen.add(k.id))
      .slice(0, f.limit + 1);
  } else keys = await run(q, trackingBranch(f, after));
  if (!keys.length) return [];
  const rows = await q.query<TrackingRow>(
    `SELECT e.id, e.item_id AS "itemId", i.serial, e.item_version AS version, e.kind,
            e.transaction_type_id AS "transactionTypeId", tt.name AS "transactionTypeName",
            e.from_location_id AS "fromLocationId", e.to_location_id AS "toLocationId", e.from_status AS "fromStatus",
            e.to_status AS "toStatus", e.customer_id AS "customerId", e.sale_id AS "saleId", e.user_id AS "userId",
            u.user_name AS "userName", e.note, e.reason, e.refund::float8 AS refund, e.deltas,
            e.warranty_claim_id AS "warrantyClaimId", e.warranty_state AS "warrantyState", e.stocktake_id AS "stocktakeId",
            e.purchase_order_id AS "purchaseOrderId", po.number AS "purchaseOrderNumber",
            ${EVENT_LOAN.columns},
            ${iso('e.created_at')} AS "createdAt",
            i.item_type_id AS "itemTypeId", t.name AS "itemTypeName", fl.name AS "fromLocationName",
            tl.name AS "toLocationName", c.name AS "customerName"
       FROM item_events e
       JOIN items i ON i.company_id = e.company_id AND i.id = e.item_id
       JOIN item_types t ON t.company_id = i.company_id AND t.id = i.item_type_id
       LEFT JOIN transaction_types tt ON tt.company_id = e.company_id AND tt.id = e.transaction_type_id
       LEFT JOIN users u ON u.company_id = e.company_id AND u.id = e.user_id
       LEFT JOIN locations fl ON fl.company_id = e.company_id AND fl.id = e.from_location_id
       LEFT JOIN locations tl ON tl.company_id = e.company_id AND tl.id = e.to_location_id
       LEFT JOIN customers c ON c.company_id = e.company_id AND c.id = e.customer_id
       LEFT JOIN purchase_orders po ON po.company_id = e.company_id AND po.id = e.purchase_order_id
       ${EVENT_LOAN.joins}
      WHERE e.id = ANY($1::uuid[])`,
    [keys.map((k) => k.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return keys.map((k) => ({ ...byId.get(k.id)!, _key: k._key }));
}

// ── counters ──
export async function warehouseStatus(q: Queryable): Promise<Omit<WarehouseStatus, 'asOf'>> {
  const byLocation = await q.query<WarehouseStatus['byLocation'][number]>(
    `SELECT c.location_id AS "locationId", l.name AS "locationName", c.status, sum(c.items)::int AS items
       FROM item_counts c JOIN locations l ON l.company_id = c.company_id AND l.id = c.location_id
       JOIN item_statuses s ON s.key = c.status
      GROUP BY c.location_id, l.name, c.status, s.sort_order HAVING sum(c.items) > 0
      ORDER BY lower(l.name), c.location_id, s.sort_order`,
  );
  const byItemType = await q.query<WarehouseStatus['byItemType'][number]>(
    `SELECT c.item_type_id AS "itemTypeId", t.name AS "itemTypeName", c.status, sum(c.items)::int AS items
       FROM item_counts c JOIN item_types t ON t.company_id = c.company_id AND t.id = c.item_type_id
       JOIN item_statuses s ON s.key = c.status
      GROUP BY c.item_type_id, t.name, c.status, s.sort_order HAVING sum(c.items) > 0
      ORDER BY lower(t.name), c.item_type_id, s.sort_order`,
  );
  return { byLocation, byItemType, total: byLocation.reduce((n, r) => n + r.items, 0) };
}

const GROUPS: Record<GroupBy, { key: string; name: string; join: string }> = {
  itemType: {
    key: 'c.item_type_id::text',
    name: 'g.name',
    join: 'LEFT JOIN item_types g ON g.company_id = c.company_id AND g.id = c.item_type_id',
  },
  brand: {
    key: 'c.brand_id::text',
    name: 'g.name',
    join: 'LEFT JOIN brands g ON g.company_id = c.company_id AND g.id = c.brand_id',
  },
  model: { key: 'c.model', name: 'c.model', join: '' },
  location: {
    key: 'c.location_id::text',
    name: 'g.name',
    join: 'LEFT JOIN locations g ON g.company_id = c.company_id AND g.id = c.location_id',
  },
};

export function inventory(q: Queryable, groupBy: GroupBy, statuses: Status[]): Promise<InventoryRow[]> {
  const g = GROUPS[groupBy];
  return q.query<InventoryRow>(
    `SELECT ${g.key} AS key, ${g.name} AS name, sum(c.items)::int AS items, sum(c.cost)::float8 AS "costValue",
            sum(c.sale_value)::float8 AS "saleValue"
       FROM item_counts c ${g.join}
      WHERE c.status = ANY($1::text[])
      GROUP BY 1, 2 HAVING sum(c.items) > 0
      ORDER BY lower(${g.name}) NULLS LAST, 1`,
    [statuses],
  );
}

export async function countByStatus(q: Queryable): Promise<Map<Status, number>> {
  const rows = await q.query<{ status: Status; items: number }>(
    `SELECT status, sum(items)::int AS items FROM item_counts GROUP BY status`,
  );
  return new Map(rows.map((r) => [r.status, r.items]));
}

/**
 * What a new company has done of its first steps that the counters do not show: a sale (returned
 * items leave no sold count behind) and its label settings saved (they are made with the company,
 * in its transaction, so an untouched row still carries the company's creation time).
 */
export async function firstStepsDone(q: Queryable): Promise<{ sold: boolean; labelsSet: boolean }> {
  const [row] = await q.query<{ sold: boolean; labelsSet: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM sales) AS sold,
            EXISTS (SELECT 1 FROM label_settings l JOIN companies c ON c.id = l.company_id
                     WHERE l.updated_at > c.created_at) AS "labelsSet"`,
  );
  return row ?? { sold: false, labelsSet: false };
}

export const heldByLocation = (q: Queryable, held: Status[]) =>
  q.query<{ locationId: string; locationName: string; items: number }>(
    `SELECT c.location_id AS "locationId", l.name AS "locationName", sum(c.items)::int AS items
       FROM item_counts c JOIN locations l ON l.company_id = c.company_id AND l.id = c.location_id
      WHERE c.status = ANY($1::text[])
      GROUP BY 1, 2 HAVING sum(c.items) > 0 ORDER BY lower(l.name), 1`,
    [held],
  );

type Period = { start: string; sales: number; total: number; refunds: number; net: number };
/** A period's sales, their total, what was refunded in it (returns, migration 0025) and the net of both. */
const PERIOD_SUMS = `coalesce(sum(s.sales), 0)::int AS sales, coalesce(sum(s.total), 0)::float8 AS total,
            coalesce(sum(s.refunds), 0)::float8 AS refunds, coalesce(sum(s.total - s.refunds), 0)::float8 AS net`;

/** Sales per UTC day for the last `days` days, and per Monday-started week for the last `weeks`. */
export async function salesPeriods(q: Queryable, days: number, weeks: number) {
  const perDay = await q.query<Period>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS start, ${PERIOD_SUMS}
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') d
       LEFT JOIN sale_days s ON s.day = d::date
      GROUP BY d ORDER BY d`,
    [days],
  );
  const perWeek = await q.query<Period>(
    `WITH weeks AS (
       SELECT w::date AS start
         FROM generate_series(date_trunc('week', now() AT TIME ZONE 'UTC') - ($1::int - 1) * interval '1 week',
                              date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') w)
     SELECT to_char(w.start, 'YYYY-MM-DD') AS start, ${PERIOD_SUMS}
       FROM weeks w LEFT JOIN sale_days s ON s.day >= w.start AND s.day < w.start + 7
      GROUP BY w.start ORDER BY w.start`,
    [weeks],
  );
  return { perDay, perWeek };
}

/** Warranties that end from now until `days` days from now (the partial index on warranty_ends_at). */
export async function warrantiesEnding(q: Queryable, days: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM items
      WHERE warranty_ends_at >= now() AND warranty_ends_at < now() + make_interval(days => $1::int)`,
    [days],
  );
  return row?.n ?? 0;
}

// ── warranty list ──
export interface WarrantyFilter {
  within: number;
  ended: boolean;
  customerId?: string;
  /** The latest claim's state (any: a claim at all); the window of within/ended is then not applied. */
  claim?: WarrantyState | 'any';
  dir: Dir;
  limit: number;
}

/** The item's latest warranty claim (only one is ever not closed, so it is the one in progress if any). */
const LATEST_CLAIM = `SELECT w.id, w.state, w.outcome FROM warranty_claims w
  WHERE w.company_id = i.company_id AND w.item_id = i.id ORDER BY w.created_at DESC, w.id DESC LIMIT 1`;

export async function warrantyPage(
  q: Queryable,
  f: WarrantyFilter,
  after: [string, string] | null,
): Promise<Array<WarrantyRow & { _key: string }>> {
  let page = qb
    .selectFrom('items as i')
    .select(['i.id'])
    .select(sql<string>`${sql.raw(exact('i.warranty_ends_at'))}`.as('_key'))
    .where('i.warranty_ends_at', 'is not', null)
    .orderBy('i.warranty_ends_at', f.dir)
    .orderBy('i.id', f.dir)
    .limit(pageLimit(f.limit + 1));
  if (f.claim) {
    const state = sql`(SELECT latest.state FROM (${sql.raw(LATEST_CLAIM)}) latest)`;
    page = page.where(f.claim === 'any' ? sql<boolean>`${state} IS NOT NULL` : sql<boolean>`${state} = ${f.claim}`);
  } else {
    page = page.where(sql<boolean>`i.warranty_ends_at < now() + make_interval(days => ${f.within}::int)`);
    if (!f.ended) page = page.where(sql<boolean>`i.warranty_ends_at >= now()`);
  }
  if (f.customerId) page = page.where('i.customer_id', '=', f.customerId);
  if (after)
    page = page.where(
      sql<boolean>`(i.warranty_ends_at, i.id) ${keysetOp(f.dir)} (${after[0]}::timestamptz, ${after[1]}::uuid)`,
    );
  const keys = await run(q, page);
  if (!keys.length) return [];
  const rows = await q.query<WarrantyRow>(
    `SELECT i.id AS "itemId", i.serial, t.name AS "itemTypeName", b.name AS "brandName", i.model, i.status,
            i.customer_id AS "customerId", c.name AS "customerName", c.email AS "customerEmail",
            c.phone AS "customerPhone", ${iso('i.sold_at')} AS "soldAt", ${iso('i.warranty_ends_at')} AS "warrantyEndsAt",
            floor(extract(epoch FROM i.warranty_ends_at - now()) / 86400)::int AS "daysLeft",
            w.id AS "claimId", w.state AS "claimState", w.outcome AS "claimOutcome"
       FROM items i
       LEFT JOIN LATERAL (${LATEST_CLAIM}) w ON true
       JOIN item_types t ON t.company_id = i.company_id AND t.id = i.item_type_id
       LEFT JOIN brands b ON b.company_id = i.company_id AND b.id = i.brand_id
       LEFT JOIN customers c ON c.company_id = i.company_id AND c.id = i.customer_id
      WHERE i.id = ANY($1::uuid[])`,
    [keys.map((k) => k.id)],
  );
  const byId = new Map(rows.map((r) => [r.itemId, r]));
  return keys.map((k) => ({ ...byId.get(k.id)!, _key: k._key }));
}

// ── one customer ──
export async function customerSummary(q: Queryable, customerId: string) {
  const [row] = await q.query<{
    sales: number;
    itemsBought: number;
    spent: number;
    returns: number;
    warrantiesActive: number;
    warrantiesEnded: number;
  }>(
    `SELECT (SELECT count(*) FROM sales WHERE customer_id = $1 AND number IS NOT NULL AND voided_at IS NULL)::int AS sales,
            coalesce(p.items, 0)::int AS "itemsBought", coalesce(p.spent, 0)::float8 AS spent,
            (SELECT count(*) FROM item_events WHERE customer_id = $1 AND kind = 'return')::int AS returns,
            (SELECT count(*) FROM items WHERE customer_id = $1 AND warranty_ends_at >= now())::int AS "warrantiesActive",
            (SELECT count(*) FROM items WHERE customer_id = $1 AND warranty_ends_at < now())::int AS "warrantiesEnded"
       FROM (SELECT sum(l.quantity) AS items, sum(l.total) AS spent
               FROM sales s JOIN sale_lines l ON l.company_id = s.company_id AND l.sale_id = s.id
              WHERE s.customer_id = $1 AND s.number IS NOT NULL AND s.voided_at IS NULL) p`,
    [customerId],
  );
  return row!;
}

/** Purchases, one row per item bought, newest first; keyset on (sale time, sale id, line). */
export function purchasePage(
  q: Queryable,
  customerId: string,
  limit: number,
  after: [string, string, number] | null,
): Promise<Array<Purchase & { _key: string; _line: number }>> {
  return q.query<Purchase & { _key: string; _line: number }>(
    `SELECT s.id AS "saleId", s.number AS "saleNumber", ${iso('s.created_at')} AS "soldAt", l.item_id AS "itemId",
            i.serial, t.name AS "itemTypeName", i.model, l.total::float8 AS price, i.status,
            ${iso('i.warranty_ends_at')} AS "warrantyEndsAt",
            CASE WHEN i.warranty_ends_at IS NULL OR i.customer_id IS DISTINCT FROM s.customer_id THEN 'none'
                 WHEN i.warranty_ends_at >= now() THEN 'active' ELSE 'ended' END AS warranty,
            ${exact('s.created_at')} AS "_key", l.line AS "_line"
       FROM sales s
       JOIN sale_lines l ON l.company_id = s.company_id AND l.sale_id = s.id
       JOIN items i ON i.company_id = l.company_id AND i.id = l.item_id
       JOIN item_types t ON t.company_id = i.company_id AND t.id = i.item_type_id
      WHERE s.customer_id = $1 AND s.number IS NOT NULL AND s.voided_at IS NULL
        AND ($3::timestamptz IS NULL OR (s.created_at, s.id, l.line) < ($3::timestamptz, $4::uuid, $5::int))
      ORDER BY s.created_at DESC, s.id DESC, l.line DESC
      LIMIT $2`,
    [customerId, limit + 1, after?.[0] ?? null, after?.[1] ?? null, after?.[2] ?? null],
  );
}

export const customerReturns = (q: Queryable, customerId: string) =>
  q.query<{
    itemId: string;
    serial: string;
    returnedAt: string;
    note: string | null;
    reason: string | null;
    refund: number | null;
  }>(
    `SELECT e.item_id AS "itemId", i.serial, ${iso('e.created_at')} AS "returnedAt", e.note, e.reason,
            e.refund::float8 AS refund
       FROM item_events e JOIN items i ON i.company_id = e.company_id AND i.id = e.item_id
      WHERE e.customer_id = $1 AND e.kind = 'return'
      ORDER BY e.created_at DESC, e.id DESC LIMIT 100`,
    [customerId],
  );
