import type { Queryable } from '../../db/database.js';
import { exact, iso } from '../../db/timestamps.js';
import type { QuantityMove, QuantityStock } from './schemas.js';

// SQL only. Every join repeats company_id so the composite keys serve it; RLS filters each table.

export interface QuantityModel {
  id: string;
  name: string;
  trackedByQuantity: boolean;
  archived: boolean;
  salePrice: number | null;
}

/**
 * The models named, FOR SHARE: a switch between tracking by unit and by quantity (which locks the
 * model FOR UPDATE) waits for the movement, then sees its quantity.
 */
export const quantityModels = (q: Queryable, ids: string[]) =>
  q.query<QuantityModel>(
    `SELECT id, name, tracked_by_quantity AS "trackedByQuantity", archived_at IS NOT NULL AS archived,
            sale_price::float8 AS "salePrice"
       FROM product_models WHERE id = ANY($1::uuid[]) ORDER BY id FOR SHARE`,
    [ids],
  );

export const stockOf = async (q: Queryable, modelId: string) =>
  (
    await q.query<QuantityStock>(
      `SELECT m.id AS "modelId", m.name AS "modelName", m.barcode,
              coalesce((SELECT sum(on_hand)::int FROM quantity_stock h WHERE h.company_id = m.company_id AND h.model_id = m.id), 0) AS "onHand",
              coalesce((SELECT json_agg(json_build_object('locationId', h.location_id, 'locationName', l.name, 'onHand', h.on_hand)
                                        ORDER BY l.name, l.id)
                          FROM quantity_stock h JOIN locations l ON l.company_id = h.company_id AND l.id = h.location_id
                         WHERE h.company_id = m.company_id AND h.model_id = m.id), '[]') AS locations
         FROM product_models m WHERE m.id = $1`,
      [modelId],
    )
  )[0] ?? null;

/**
 * Adds delta to what is on hand of a model at a location, never below 0: a conditional update (the
 * row lock makes a second taker wait, then re-check against what the first left). Answers the new
 * quantity, or null when there were too few (nothing written). A delta ≥ 0 makes the row if needed.
 */
export async function addOnHand(
  q: Queryable,
  companyId: string,
  modelId: string,
  locationId: string,
  delta: number,
): Promise<number | null> {
  const rows =
    delta >= 0
      ? await q.query<{ onHand: number }>(
          `INSERT INTO quantity_stock (company_id, model_id, location_id, on_hand) VALUES ($1, $2, $3, $4)
           ON CONFLICT (company_id, model_id, location_id)
             DO UPDATE SET on_hand = quantity_stock.on_hand + excluded.on_hand, updated_at = now()
           RETURNING on_hand AS "onHand"`,
          [companyId, modelId, locationId, delta],
        )
      : await q.query<{ onHand: number }>(
          `UPDATE quantity_stock SET on_hand = on_hand + $3, updated_at = now()
            WHERE model_id = $1 AND location_id = $2 AND on_hand + $3 >= 0
           RETURNING on_hand AS "onHand"`,
          [modelId, locationId, delta],
        );
  return rows[0]?.onHand ?? null;
}

/** What is on hand of a model at a location, read without a lock (for a refusal's message). */
export const onHandAt = async (q: Queryable, modelId: string, locationId: string) =>
  (
    await q.query<{ onHand: number }>(
      `SELECT on_hand AS "onHand" FROM quantity_stock WHERE model_id = $1 AND location_id = $2`,
      [modelId, locationId],
    )
  )[0]?.onHand ?? 0;

/** A count sets the quantity: the row made if needed, locked, then set; answers what it was before. */
export async function setOnHand(q: Queryable, companyId: string, modelId: string, locationId: string, n: number) {
  await q.query(
    `INSERT INTO quantity_stock (company_id, model_id, location_id, on_hand) VALUES ($1, $2, $3, 0)
     ON CONFLICT DO NOTHING`,
    [companyId, modelId, locationId],
  );
  const [row] = await q.query<{ before: number }>(
    `WITH old AS (SELECT on_hand FROM quantity_stock WHERE model_id = $1 AND location_id = $2 FOR UPDATE)
     UPDATE quantity_stock s SET on_hand = $3, updated_at = now() FROM old
      WHERE s.model_id = $1 AND s.location_id = $2
     RETURNING old.on_hand AS before`,
    [modelId, locationId, n],
  );
  return row!.before;
}

/** Where a model has the most on hand (ties by location name): where a sale line takes it from by default. */
export const fullestLocation = async (q: Queryable, modelId: string) =>
  (
    await q.query<{ locationId: string }>(
      `SELECT h.location_id AS "locationId" FROM quantity_stock h
         JOIN locations l ON l.company_id = h.company_id AND l.id = h.location_id
        WHERE h.model_id = $1 ORDER BY h.on_hand DESC, l.name, l.id LIMIT 1`,
      [modelId],
    )
  )[0]?.locationId ?? null;

export interface NewMove {
  modelId: string;
  locationId: string;
  kind: QuantityMove['kind'];
  delta: number;
  onHandAfter: number;
  cost?: number | null;
  refund?: number | null;
  reason?: string | null;
  saleId?: string | null;
  transferId?: string | null;
  /** A reception against a purchase order's line. */
  purchaseOrderId?: string | null;
}

/** Appends ledger rows (never changed after); answers their ids (one row: its id). */
export async function insertMoves(q: Queryable, companyId: string, userId: string, moves: NewMove[]) {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO quantity_moves (company_id, model_id, location_id, kind, delta, on_hand_after, unit_cost, refund, reason,
                                 sale_id, transfer_id, purchase_order_id, user_id)
     SELECT $1, m."modelId", m."locationId", m.kind, m.delta, m."onHandAfter", m.cost, m.refund, m.reason,
            m."saleId", m."transferId", m."purchaseOrderId", $2
       FROM jsonb_to_recordset($3::jsonb) AS m("modelId" uuid, "locationId" uuid, kind text, delta integer,
            "onHandAfter" integer, cost numeric, refund numeric, reason text, "saleId" uuid, "transferId" uuid,
            "purchaseOrderId" uuid)
     RETURNING id`,
    [companyId, userId, JSON.stringify(moves)],
  );
  return rows.map((r) => r.id);
}

const MOVE_COLUMNS = `v.id, v.kind, v.location_id AS "locationId", l.name AS "locationName", v.delta,
  v.on_hand_after AS "onHandAfter", v.unit_cost::float8 AS cost, v.refund::float8 AS refund, v.reason,
  v.sale_id AS "saleId", s.number AS "saleNumber", v.transfer_id AS "transferId",
  v.purchase_order_id AS "purchaseOrderId", 'PO-' || lpad(po.number::text, 4, '0') AS "purchaseOrderReference", v.user_id AS "userId",
  u.user_name AS "userName", ${iso('v.created_at')} AS "createdAt"`;

/** A model's ledger, newest first, after a keyset position (created_at, id). */
export const movePage = (
  q: Queryable,
  by: { modelId: string; locationId: string | null; after: [string, string] | null; limit: number },
) =>
  q.query<QuantityMove & { _key: string }>(
    `SELECT ${MOVE_COLUMNS}, ${exact('v.created_at')} AS _key
       FROM quantity_moves v
       JOIN locations l ON l.company_id = v.company_id AND l.id = v.location_id
       JOIN users u ON u.company_id = v.company_id AND u.id = v.user_id
       LEFT JOIN sales s ON s.company_id = v.company_id AND s.id = v.sale_id
       LEFT JOIN purchase_orders po ON po.company_id = v.company_id AND po.id = v.purchase_order_id
      WHERE v.model_id = $1 AND ($2::uuid IS NULL OR v.location_id = $2)
        AND ($3::timestamptz IS NULL OR (v.created_at, v.id) < ($3::timestamptz, $4::uuid))
      ORDER BY v.created_at DESC, v.id DESC LIMIT $5`,
    [by.modelId, by.locationId, by.after?.[0] ?? null, by.after?.[1] ?? null, by.limit],
  );

// ── sale lines of a model × quantity ──

/** A sale's quantity line, locked, with whether its sale is void and whether it was returned. */
export const lockQuantityLine = async (q: Queryable, saleId: string, line: number) =>
  (
    await q.query<{
      modelId: string | null;
      locationId: string | null;
      quantity: number;
      total: number;
      returnedQuantity: number;
      voided: boolean;
      number: number;
      currency: string;
    }>(
      `SELECT l.model_id AS "modelId", l.location_id AS "locationId", l.quantity, l.total::float8 AS total,
              l.returned_quantity AS "returnedQuantity", s.voided_at IS NOT NULL AS voided, s.number, s.currency
         FROM sale_lines l JOIN sales s ON s.company_id = l.company_id AND s.id = l.sale_id
        WHERE l.sale_id = $1 AND l.line = $2 FOR UPDATE OF l`,
      [saleId, line],
    )
  )[0] ?? null;

/** `quantity` more units of the line are back, by the return move `moveId` (the latest). */
export const markQuantityLineReturned = (
  q: Queryable,
  saleId: string,
  line: number,
  quantity: number,
  moveId: string,
) =>
  q.query(
    `UPDATE sale_lines SET returned_quantity = returned_quantity + $3, returned_move_id = $4
      WHERE sale_id = $1 AND line = $2`,
    [saleId, line, quantity, moveId],
  );

/** A sale's quantity lines, locked, in (model, location) order: what a void puts back. */
export const saleQuantityLines = (q: Queryable, saleId: string) =>
  q.query<{ modelId: string; locationId: string; quantity: number; returned: boolean }>(
    `SELECT model_id AS "modelId", location_id AS "locationId", quantity, returned_quantity > 0 AS returned
       FROM sale_lines WHERE sale_id = $1 AND model_id IS NOT NULL ORDER BY model_id, location_id FOR UPDATE`,
    [saleId],
  );
