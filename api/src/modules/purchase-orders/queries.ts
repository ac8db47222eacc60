import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import type { PurchaseOrderStatus } from '../../vocabulary.js';
import type { PurchaseOrder, PurchaseOrderSummary } from './schemas.js';

// SQL only. Every join repeats company_id so the composite keys serve it; RLS filters each table.

const SUMMARY = `o.id, o.number, 'PO-' || lpad(o.number::text, 4, '0') AS reference, o.vendor_id AS "vendorId",
  v.name AS "vendorName", v.email AS "vendorEmail", o.status, o.note, o.currency,
  coalesce(t.quantity, 0)::int AS quantity, coalesce(t.received, 0)::int AS received, coalesce(t.total, 0)::float8 AS total,
  u.user_name AS "createdBy", ${iso('o.created_at')} AS "createdAt", ${iso('o.updated_at')} AS "updatedAt",
  ${iso('o.sent_at')} AS "sentAt", o.sent_to AS "sentTo", ${iso('o.cancelled_at')} AS "cancelledAt"`;
const JOINS = `JOIN customers v ON v.company_id = o.company_id AND v.id = o.vendor_id
  LEFT JOIN users u ON u.company_id = o.company_id AND u.id = o.created_by
  LEFT JOIN LATERAL (
    SELECT sum(l.quantity) AS quantity, sum(l.received) AS received, sum(l.quantity * l.unit_cost) AS total
      FROM purchase_order_lines l WHERE l.company_id = o.company_id AND l.order_id = o.id) t ON true`;
const LINES = `coalesce((
  SELECT jsonb_agg(jsonb_build_object('modelId', l.model_id, 'modelName', m.name, 'itemTypeId', m.item_type_id,
                                      'itemTypeName', it.name, 'brandId', m.brand_id, 'brandName', b.name,
                                      'trackedByQuantity', m.tracked_by_quantity,
                                      'quantity', l.quantity, 'unitCost', l.unit_cost::float8, 'received', l.received,
                                      'due', l.quantity - l.received) ORDER BY l.position)
    FROM purchase_order_lines l
    JOIN product_models m ON m.company_id = l.company_id AND m.id = l.model_id
    JOIN item_types it ON it.company_id = m.company_id AND it.id = m.item_type_id
    LEFT JOIN brands b ON b.company_id = m.company_id AND b.id = m.brand_id
   WHERE l.company_id = o.company_id AND l.order_id = o.id), '[]'::jsonb) AS lines`;

export async function findOrder(q: Queryable, id: string): Promise<PurchaseOrder | null> {
  const rows = await q.query<PurchaseOrder>(
    `SELECT ${SUMMARY}, ${LINES} FROM purchase_orders o ${JOINS} WHERE o.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The order's row locked for a change (its status is what the change checks). */
export const lockOrder = async (q: Queryable, id: string) =>
  (
    await q.query<{ id: string; number: number; status: PurchaseOrderStatus; vendorId: string }>(
      `SELECT id, number, status, vendor_id AS "vendorId" FROM purchase_orders WHERE id = $1 FOR UPDATE`,
      [id],
    )
  )[0] ?? null;

/** A page, newest (highest number) first, after a number when paging on. */
export const listOrders = (
  q: Queryable,
  by: { statuses: PurchaseOrderStatus[] | null; vendorId: string | null; before: number | null; limit: number },
) =>
  q.query<PurchaseOrderSummary>(
    `SELECT ${SUMMARY} FROM purchase_orders o ${JOINS}
      WHERE ($1::text[] IS NULL OR o.status = ANY($1)) AND ($2::uuid IS NULL OR o.vendor_id = $2)
        AND ($3::int IS NULL OR o.number < $3)
      ORDER BY o.number DESC LIMIT $4`,
    [by.statuses, by.vendorId, by.before, by.limit],
  );

/** The company's next order number, taken in this transaction (given back if it fails). */
export const nextNumber = async (q: Queryable, companyId: string) =>
  (
    await q.query<{ last: number }>(
      `INSERT INTO purchase_order_numbers (company_id, last) VALUES ($1, 1)
       ON CONFLICT (company_id) DO UPDATE SET last = purchase_order_numbers.last + 1 RETURNING last`,
      [companyId],
    )
  )[0]!.last;

export async function insertOrder(
  q: Queryable,
  o: { companyId: string; id: string; number: number; vendorId: string; note: string | null; userId: string },
): Promise<void> {
  await q.query(
    `INSERT INTO purchase_orders (company_id, id, number, vendor_id, note, currency, created_by)
     SELECT $1, $2, $3, $4, $5, c.currency, $6 FROM companies c WHERE c.id = $1`,
    [o.companyId, o.id, o.number, o.vendorId, o.note, o.userId],
  );
}

export async function updateDraft(q: Queryable, id: string, o: { vendorId: string; note: string | null }) {
  await q.query(`UPDATE purchase_orders SET vendor_id = $2, note = $3, updated_at = now() WHERE id = $1`, [
    id,
    o.vendorId,
    o.note,
  ]);
}

/** Replaces a draft's lines with the given set, in their order. */
export async function setLines(
  q: Queryable,
  companyId: string,
  orderId: string,
  lines: Array<{ modelId: string; quantity: number; unitCost: number }>,
): Promise<void> {
  await q.query(`DELETE FROM purchase_order_lines WHERE order_id = $1`, [orderId]);
  await q.query(
    `INSERT INTO purchase_order_lines (company_id, order_id, position, model_id, quantity, unit_cost)
     SELECT $1, $2, x.ord - 1, (x.line->>'modelId')::uuid, (x.line->>'quantity')::integer, (x.line->>'unitCost')::numeric
       FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(line, ord)`,
    [companyId, orderId, JSON.stringify(lines)],
  );
}

export const setStatus = (
  q: Queryable,
  id: string,
  status: PurchaseOrderStatus,
  sentTo: string | null = null,
): Promise<unknown> =>
  q.query(
    `UPDATE purchase_orders SET status = $2, updated_at = now(),
            sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END,
            sent_to = CASE WHEN $2 = 'sent' THEN $3 ELSE sent_to END,
            cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() END
      WHERE id = $1`,
    [id, status, sentTo],
  );

/** The models the lines name, as the order needs them: known, active, and their default cost. */
export const modelsOf = (q: Queryable, ids: string[]) =>
  q.query<{ id: string; name: string; archived: boolean; cost: number | null }>(
    `SELECT id, name, archived_at IS NOT NULL AS archived, cost::float8 AS cost FROM product_models
      WHERE id = ANY($1::uuid[])`,
    [ids],
  );

export const vendorOf = async (q: Queryable, id: string) =>
  (
    await q.query<{ name: string; active: boolean; email: string | null }>(
      `SELECT name, active, email FROM customers WHERE id = $1 AND is_vendor`,
      [id],
    )
  )[0] ?? null;

/** A line of the order, locked: what a reception against it may still bring. */
export const lockLine = async (q: Queryable, orderId: string, modelId: string) =>
  (
    await q.query<{ quantity: number; received: number; unitCost: number }>(
      `SELECT quantity, received, unit_cost::float8 AS "unitCost" FROM purchase_order_lines
        WHERE order_id = $1 AND model_id = $2 FOR UPDATE`,
      [orderId, modelId],
    )
  )[0] ?? null;

/** Counts a reception on its line; answers whether every line of the order is now all in. */
export async function countReceived(q: Queryable, orderId: string, modelId: string, n: number): Promise<boolean> {
  await q.query(`UPDATE purchase_order_lines SET received = received + $3 WHERE order_id = $1 AND model_id = $2`, [
    orderId,
    modelId,
    n,
  ]);
  const [row] = await q.query<{ done: boolean }>(
    `SELECT bool_and(received = quantity) AS done FROM purchase_order_lines WHERE order_id = $1`,
    [orderId],
  );
  return row!.done;
}
