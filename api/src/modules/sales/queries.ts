import type { Queryable } from '../../db/database.js';
import { qb, run, sql } from '../../db/query-builder.js';
import type { Sale, SaleListQuery, SaleSummary } from './schemas.js';
import { iso, exact } from '../../db/timestamps.js';

const SUMMARY = `s.id, s.number, s.customer_id AS "customerId", c.name AS "customerName", s.seller_id AS "sellerId",
  u.user_name AS "sellerName", s.total::float8 AS total, s.note, ${iso('s.created_at')} AS "createdAt"`;
const JOINS = `LEFT JOIN customers c ON c.company_id = s.company_id AND c.id = s.customer_id
  JOIN users u ON u.company_id = s.company_id AND u.id = s.seller_id`;

/**
 * Writes the sale with the company's next number and its lines, and answers it, in one statement.
 * The counter row stays locked until the sale commits: numbers have no gaps and no twins.
 */
export async function recordSale(
  q: Queryable,
  companyId: string,
  s: {
    id: string;
    customerId: string | null;
    sellerId: string;
    total: number;
    note: string | null;
    lines: Array<{ itemId: string; price: number }>;
  },
): Promise<Sale> {
  const [row] = await q.query<Sale>(
    `WITH next AS (UPDATE sale_counters SET last_number = last_number + 1 RETURNING last_number),
     s AS (INSERT INTO sales (company_id, id, number, customer_id, seller_id, total, note)
           SELECT $1, $2, next.last_number, $3, $4, $5, $6 FROM next RETURNING *),
     l AS (INSERT INTO sale_lines (company_id, sale_id, line, item_id, price)
           SELECT $1, $2, n, item_id, price FROM unnest($7::uuid[], $8::numeric[]) WITH ORDINALITY AS l(item_id, price, n)
           RETURNING line, item_id, price)
     SELECT ${SUMMARY},
            (SELECT json_agg(json_build_object('line', l.line, 'itemId', l.item_id, 'serial', i.serial,
                      'price', l.price::float8, 'warrantyEndsAt', ${iso('i.warranty_ends_at')}) ORDER BY l.line)
               FROM l JOIN items i ON i.company_id = $1 AND i.id = l.item_id) AS lines
       FROM s ${JOINS}`,
    [
      companyId,
      s.id,
      s.customerId,
      s.sellerId,
      s.total,
      s.note,
      s.lines.map((l) => l.itemId),
      s.lines.map((l) => l.price),
    ],
  );
  return row!;
}

export async function findSale(q: Queryable, id: string): Promise<SaleSummary | null> {
  const rows = await q.query<SaleSummary>(`SELECT ${SUMMARY} FROM sales s ${JOINS} WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

export const saleLines = (q: Queryable, saleId: string) =>
  q.query<{ line: number; itemId: string; serial: string; price: number; warrantyEndsAt: string | null }>(
    `SELECT l.line, l.item_id AS "itemId", i.serial, l.price::float8 AS price, ${iso('i.warranty_ends_at')} AS "warrantyEndsAt"
       FROM sale_lines l JOIN items i ON i.company_id = l.company_id AND i.id = l.item_id
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
    .limit(f.limit + 1);
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
