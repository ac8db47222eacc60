import type { Queryable } from '../../db/database.js';
import { sellAndRecord, type EventMeta, type ItemChange, type NewEvent, type SaleToRecord } from '../items/index.js';
import { pageLimit, qb, run, sql } from '../../db/query-builder.js';
import type { Sale, SaleListQuery, SaleSummary } from './schemas.js';
import { iso, exact } from '../../db/timestamps.js';

const SUMMARY = `s.id, s.number, s.customer_id AS "customerId", c.name AS "customerName", s.seller_id AS "sellerId",
  u.user_name AS "sellerName", s.net::float8 AS net, s.tax::float8 AS tax, s.total::float8 AS total,
  s.currency, s.tax_rate::float8 AS "taxRate",
  s.prices_include_tax AS "pricesIncludeTax", s.note, ${iso('s.created_at')} AS "createdAt",
  ${iso('s.voided_at')} AS "voidedAt", s.void_reason AS "voidReason"`;
const JOINS = `LEFT JOIN customers c ON c.company_id = s.company_id AND c.id = s.customer_id
  JOIN users u ON u.company_id = s.company_id AND u.id = s.seller_id`;

/** The sale's whole write (the items, their events, the numbered sale and its lines) in one statement, answered as the sale. */
export const recordSale = (
  q: Queryable,
  w: { changes: ItemChange[]; events: NewEvent[]; meta: EventMeta },
  sale: SaleToRecord,
) => sellAndRecord<Sale>(q, w.changes, w.meta, w.events, sale, { columns: SUMMARY, joins: JOINS });

export async function findSale(q: Queryable, id: string): Promise<SaleSummary | null> {
  const rows = await q.query<SaleSummary>(`SELECT ${SUMMARY} FROM sales s ${JOINS} WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

export const saleLines = (q: Queryable, saleId: string) =>
  q.query<Sale['lines'][number]>(
    `SELECT l.line, l.item_id AS "itemId", i.serial, l.model_id AS "modelId", l.quantity, t.name AS "itemTypeName",
            b.name AS "brandName", coalesce(i.model, m.name) AS model,
            l.price::float8 AS price, l.discount::float8 AS discount, l.net::float8 AS net, l.tax::float8 AS tax,
            l.total::float8 AS total, ${iso('i.warranty_ends_at')} AS "warrantyEndsAt",
            ${iso('coalesce(r.created_at, v.created_at)')} AS "returnedAt",
            CASE WHEN l.returned_by IS NOT NULL THEN 1 ELSE l.returned_quantity END AS "returnedQuantity"
       FROM sale_lines l LEFT JOIN items i ON i.company_id = l.company_id AND i.id = l.item_id
       LEFT JOIN product_models m ON m.company_id = l.company_id AND m.id = l.model_id
       JOIN item_types t ON t.company_id = l.company_id AND t.id = coalesce(i.item_type_id, m.item_type_id)
       LEFT JOIN brands b ON b.company_id = l.company_id AND b.id = coalesce(i.brand_id, m.brand_id)
       LEFT JOIN item_events r ON r.company_id = l.company_id AND r.id = l.returned_by
       LEFT JOIN quantity_moves v ON v.company_id = l.company_id AND v.id = l.returned_move_id
      WHERE l.sale_id = $1 ORDER BY l.line`,
    [saleId],
  );

/** A page of sales, newest or oldest first, after a keyset position (created_at, id). */
export async function salePage(q: Queryable, f: SaleListQuery & { limit: number }, after: [string, string] | null) {
  const dir = f.sort === 'oldest' ? 'asc' : 'desc';
  let page = qb
    .selectFrom('sales as s')
    .select(['s.id'])
    .select(sql<string>`${sql.raw(exact('s.created_at'))}`.as('_key'))
    .orderBy('s.created_at', dir)
    .orderBy('s.id', dir)
    .limit(pageLimit(f.limit + 1));
  if (f.customerId) page = page.where('s.customer_id', '=', f.customerId);
  if (f.from) page = page.where(sql<boolean>`s.created_at >= ${f.from}::timestamptz`);
  if (f.to) page = page.where(sql<boolean>`s.created_at < ${f.to}::timestamptz`);
  if (after)
    page = page.where(
      sql<boolean>`(s.created_at, s.id) ${sql.raw(dir === 'asc' ? '>' : '<')} (${after[0]}::timestamptz, ${after[1]}::uuid)`,
    );
  const ids = await run(q, page);
  if (!ids.length) return [];
  const rows = await q.query<SaleSummary>(`SELECT ${SUMMARY} FROM sales s ${JOINS} WHERE s.id = ANY($1::uuid[])`, [
    ids.map((r) => r.id),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((r) => ({ ...byId.get(r.id)!, _key: r._key }));
}

/** The sale locked for a void, with whether it was made today (UTC: the day sales are counted by). */
export async function lockSaleForVoid(q: Queryable, id: string) {
  const rows = await q.query<{ number: number; voided: boolean; today: boolean; day: string }>(
    `SELECT number, voided_at IS NOT NULL AS voided, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            (created_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date AS today
       FROM sales WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** The sale's item lines with whether each was returned since (its quantity lines: modules/quantity-stock). */
export const linesForVoid = (q: Queryable, saleId: string) =>
  q.query<{ itemId: string; returned: boolean }>(
    `SELECT item_id AS "itemId", returned_by IS NOT NULL AS returned FROM sale_lines
      WHERE sale_id = $1 AND item_id IS NOT NULL ORDER BY line`,
    [saleId],
  );

export const markVoided = (q: Queryable, id: string, userId: string, reason: string) =>
  q.query(`UPDATE sales SET voided_at = now(), voided_by = $2, void_reason = $3 WHERE id = $1`, [id, userId, reason]);
