import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import type { ProductModel, ToReorderRow } from './schemas.js';

// SQL only. Every join repeats company_id so the composite keys serve it; RLS filters each table.

/**
 * What "in stock" means for a reorder point: items of the model on the shelf, ready to sell. Items
 * being processed, reserved, in transit, defective or returned are not counted: a shop reorders
 * for what it can sell. The partial index items_model_held (migration 0033) is exactly this set.
 */
const IN_STOCK = `i.status = 'in_stock'`;

/**
 * A model's stock in hand, at one location or everywhere (location: an SQL expression, NULL for
 * all): its items in stock, plus — for a model tracked by quantity — what is on hand
 * (quantity_stock, docs/domain-quantity-stock.md). A model is tracked one way, so one term is 0.
 */
const held = (model: string, location: string) =>
  `((SELECT count(*) FROM items i WHERE i.company_id = ${model}.company_id AND i.model_id = ${model}.id AND ${IN_STOCK}
       AND (${location} IS NULL OR i.location_id = ${location}))
    + (SELECT coalesce(sum(h.on_hand), 0) FROM quantity_stock h
        WHERE h.company_id = ${model}.company_id AND h.model_id = ${model}.id
          AND (${location} IS NULL OR h.location_id = ${location})))::int`;

const COLUMNS = `m.id, m.name, m.item_type_id AS "itemTypeId", t.name AS "itemTypeName", m.brand_id AS "brandId",
  b.name AS "brandName", m.sale_price::float8 AS "salePrice", m.cost::float8 AS cost,
  m.warranty_months AS "warrantyMonths", m.barcode, m.image_path AS "imagePath", m.archived_at IS NOT NULL AS archived,
  ${held('m', 'NULL::uuid')} AS "inStock", m.tracked_by_quantity AS "trackedByQuantity",
  coalesce((SELECT jsonb_agg(jsonb_build_object('locationId', r.location_id, 'locationName', l.name,
                                                 'minQuantity', r.min_quantity) ORDER BY l.name NULLS FIRST)
              FROM reorder_points r LEFT JOIN locations l ON l.company_id = r.company_id AND l.id = r.location_id
             WHERE r.company_id = m.company_id AND r.model_id = m.id), '[]'::jsonb) AS "reorderPoints",
  ${iso('m.created_at')} AS "createdAt", ${iso('m.updated_at')} AS "updatedAt"`;
const JOINS = `JOIN item_types t ON t.company_id = m.company_id AND t.id = m.item_type_id
  LEFT JOIN brands b ON b.company_id = m.company_id AND b.id = m.brand_id`;

type Row = ProductModel & { nameKey?: string };

export async function findModel(q: Queryable, id: string, lock = false): Promise<ProductModel | null> {
  const rows = await q.query<ProductModel>(
    `SELECT ${COLUMNS} FROM product_models m ${JOINS} WHERE m.id = $1${lock ? ' FOR UPDATE OF m' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A page in name order (then id), after (name key, id) when paging on. */
export const listModels = (
  q: Queryable,
  by: {
    search: string | null;
    itemTypeId: string | null;
    brandId: string | null;
    archived: boolean;
    after: [string, string] | null;
    limit: number;
  },
) =>
  q.query<Row>(
    `SELECT ${COLUMNS}, m.name_key AS "nameKey" FROM product_models m ${JOINS}
      WHERE (m.archived_at IS NOT NULL) = $1
        AND ($2::text IS NULL OR strpos(m.name_key, lower($2)) > 0 OR strpos(lower(m.barcode), lower($2)) > 0)
        AND ($3::uuid IS NULL OR m.item_type_id = $3) AND ($4::uuid IS NULL OR m.brand_id = $4)
        AND ($5::text IS NULL OR (m.name_key, m.id) > ($5, $6::uuid))
      ORDER BY m.name_key, m.id LIMIT $7`,
    [by.archived, by.search, by.itemTypeId, by.brandId, by.after?.[0] ?? null, by.after?.[1] ?? null, by.limit],
  );

export interface ModelRow {
  id: string;
  name: string;
  itemTypeId: string;
  brandId: string | null;
  salePrice: number | null;
  cost: number | null;
  warrantyMonths: number;
  barcode: string | null;
  imagePath: string | null;
  archived: boolean;
  trackedByQuantity: boolean;
}

export async function saveModel(q: Queryable, companyId: string, m: ModelRow): Promise<void> {
  await q.query(
    `INSERT INTO product_models (company_id, id, name, item_type_id, brand_id, sale_price, cost, warranty_months, barcode,
                                 image_path, archived_at, tracked_by_quantity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11 THEN now() END, $12)
     ON CONFLICT (company_id, id) DO UPDATE SET name = excluded.name, item_type_id = excluded.item_type_id,
       brand_id = excluded.brand_id, sale_price = excluded.sale_price, cost = excluded.cost,
       warranty_months = excluded.warranty_months, barcode = excluded.barcode, image_path = excluded.image_path,
       archived_at = CASE WHEN $11 THEN coalesce(product_models.archived_at, now()) END,
       tracked_by_quantity = excluded.tracked_by_quantity, updated_at = now()`,
    [
      companyId,
      m.id,
      m.name,
      m.itemTypeId,
      m.brandId,
      m.salePrice,
      m.cost,
      m.warrantyMonths,
      m.barcode,
      m.imagePath,
      m.archived,
      m.trackedByQuantity,
    ],
  );
}

/** Whether a model has any item (a model tracked by unit), or any quantity on hand (by quantity). */
export const modelHolds = async (q: Queryable, id: string) =>
  (
    await q.query<{ items: boolean; onHand: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM items WHERE model_id = $1) AS items,
              EXISTS (SELECT 1 FROM quantity_stock WHERE model_id = $1 AND on_hand > 0) AS "onHand"`,
      [id],
    )
  )[0]!;

/** Replaces a model's reorder points with the given set. */
export async function setReorderPoints(
  q: Queryable,
  companyId: string,
  modelId: string,
  points: Array<{ locationId: string | null; minQuantity: number }>,
): Promise<void> {
  await q.query(`DELETE FROM reorder_points WHERE model_id = $1`, [modelId]);
  if (points.length)
    await q.query(
      `INSERT INTO reorder_points (company_id, model_id, location_id, min_quantity)
       SELECT $1, $2, x."locationId", x."minQuantity"
         FROM jsonb_to_recordset($3::jsonb) AS x("locationId" uuid, "minQuantity" integer)`,
      [companyId, modelId, JSON.stringify(points)],
    );
}

export const existingLocations = async (q: Queryable, ids: string[]) =>
  (await q.query<{ id: string }>(`SELECT id FROM locations WHERE id = ANY($1::uuid[])`, [ids])).map((r) => r.id);

export const itemTypeOf = async (q: Queryable, id: string) =>
  (await q.query<{ active: boolean }>(`SELECT active FROM item_types WHERE id = $1`, [id]))[0] ?? null;

export const brandExists = async (q: Queryable, id: string) =>
  (await q.query(`SELECT 1 FROM brands WHERE id = $1`, [id])).length > 0;

// ── to reorder: evaluated when read (docs/domain-models.md, "Evaluated when read") ──
/**
 * Every reorder point of an active model whose stock is below it, in model-name order (then model,
 * then location: the company-wide point first), after a position when paging on. The count per
 * point reads the partial index items_model_held; nothing is kept up to date by a sale.
 */
export const belowReorderPoint = (
  q: Queryable,
  by: { locationId: string | null; after: [string, string, string] | null; limit: number },
) =>
  q.query<ToReorderRow & { nameKey: string; locationKey: string }>(
    `SELECT * FROM (
       SELECT m.id AS "modelId", m.name AS "modelName", t.name AS "itemTypeName", b.name AS "brandName", m.barcode,
              r.location_id AS "locationId", l.name AS "locationName", r.min_quantity AS "minQuantity",
              s.n AS "inStock", r.min_quantity - s.n AS shortfall, m.name_key AS "nameKey",
              coalesce(r.location_id::text, '') AS "locationKey"
         FROM reorder_points r
         JOIN product_models m ON m.company_id = r.company_id AND m.id = r.model_id AND m.archived_at IS NULL
         JOIN item_types t ON t.company_id = m.company_id AND t.id = m.item_type_id
         LEFT JOIN brands b ON b.company_id = m.company_id AND b.id = m.brand_id
         LEFT JOIN locations l ON l.company_id = r.company_id AND l.id = r.location_id
         CROSS JOIN LATERAL (SELECT ${held('m', 'r.location_id')} AS n) s
        WHERE s.n < r.min_quantity AND ($1::uuid IS NULL OR r.location_id = $1)
     ) x
     WHERE $2::text IS NULL OR ("nameKey", "modelId"::text, "locationKey") > ($2, $3, $4)
     ORDER BY "nameKey", "modelId"::text, "locationKey" LIMIT $5`,
    [by.locationId, by.after?.[0] ?? null, by.after?.[1] ?? null, by.after?.[2] ?? null, by.limit],
  );

/** How many reorder points are not met (the dashboard's and My Tasks' badge). */
export const countBelowReorderPoint = async (q: Queryable) =>
  (
    await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reorder_points r
         JOIN product_models m ON m.company_id = r.company_id AND m.id = r.model_id AND m.archived_at IS NULL
        WHERE ${held('m', 'r.location_id')} < r.min_quantity`,
    )
  )[0]!.n;
