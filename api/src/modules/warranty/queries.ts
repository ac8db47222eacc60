import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import type { WarrantyOutcome, WarrantyState } from '../../vocabulary.js';
import type { WarrantyClaim } from './schemas.js';

// SQL only. Every join repeats company_id so the composite keys serve it; RLS filters each table.

const CLAIM_COLUMNS = `w.id, w.item_id AS "itemId", i.serial, w.state, w.outcome, w.fault, w.vendor_id AS "vendorId",
  v.name AS "vendorName", w.customer_id AS "customerId", c.name AS "customerName", u.user_name AS "openedBy",
  ${iso('i.warranty_ends_at')} AS "warrantyEndsAt", ${iso('w.created_at')} AS "openedAt",
  ${iso('w.updated_at')} AS "updatedAt", ${iso('w.closed_at')} AS "closedAt"`;
const CLAIM_JOINS = `JOIN items i ON i.company_id = w.company_id AND i.id = w.item_id
  LEFT JOIN customers v ON v.company_id = w.company_id AND v.id = w.vendor_id
  LEFT JOIN customers c ON c.company_id = w.company_id AND c.id = w.customer_id
  LEFT JOIN users u ON u.company_id = w.company_id AND u.id = w.opened_by`;

export async function findClaim(q: Queryable, id: string): Promise<WarrantyClaim | null> {
  const rows = await q.query<WarrantyClaim>(
    `SELECT ${CLAIM_COLUMNS} FROM warranty_claims w ${CLAIM_JOINS} WHERE w.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** An item's claims, newest first (a handful at most: one at a time, each lasting weeks). */
export const claimsOfItem = (q: Queryable, itemId: string) =>
  q.query<WarrantyClaim>(
    `SELECT ${CLAIM_COLUMNS} FROM warranty_claims w ${CLAIM_JOINS} WHERE w.item_id = $1
      ORDER BY w.created_at DESC, w.id DESC`,
    [itemId],
  );

export interface ClaimItem {
  id: string;
  serial: string;
  status: string;
  locationId: string;
  customerId: string | null;
  vendorId: string | null;
  version: number;
  /** The warranty end as YYYY-MM-DD (UTC), null when none is running or ever ran. */
  warrantyEnds: string | null;
  underWarranty: boolean;
  /** The claim not closed yet, if any. */
  openClaimId: string | null;
}

/** The item locked for a claim's step, with its warranty and its claim in progress. */
export async function lockItem(q: Queryable, id: string): Promise<ClaimItem | null> {
  const rows = await q.query<ClaimItem>(
    `SELECT i.id, i.serial, i.status, i.location_id AS "locationId", i.customer_id AS "customerId",
            i.vendor_id AS "vendorId", i.version,
            to_char(i.warranty_ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "warrantyEnds",
            coalesce(i.warranty_ends_at >= now(), false) AS "underWarranty",
            (SELECT w.id FROM warranty_claims w
              WHERE w.company_id = i.company_id AND w.item_id = i.id AND w.state <> 'closed') AS "openClaimId"
       FROM items i WHERE i.id = $1 FOR UPDATE OF i`,
    [id],
  );
  return rows[0] ?? null;
}

export interface LockedClaim {
  id: string;
  itemId: string;
  state: WarrantyState;
  statusBefore: string | null;
}

export async function lockClaim(q: Queryable, id: string): Promise<LockedClaim | null> {
  const rows = await q.query<LockedClaim>(
    `SELECT id, item_id AS "itemId", state, status_before AS "statusBefore" FROM warranty_claims WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertClaim(
  q: Queryable,
  c: {
    companyId: string;
    itemId: string;
    vendorId: string | null;
    customerId: string | null;
    fault: string;
    userId: string;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO warranty_claims (company_id, item_id, vendor_id, customer_id, fault, opened_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [c.companyId, c.itemId, c.vendorId, c.customerId, c.fault, c.userId],
  );
  return row!.id;
}

export const moveClaim = (
  q: Queryable,
  id: string,
  to: { state: WarrantyState; outcome: WarrantyOutcome | null; statusBefore: string | null },
) =>
  q.query(
    `UPDATE warranty_claims SET state = $2, outcome = coalesce($3, outcome), status_before = coalesce($4, status_before),
            updated_at = now(), closed_at = CASE WHEN $2 = 'closed' THEN now() END
      WHERE id = $1`,
    [id, to.state, to.outcome, to.statusBefore],
  );

export const itemExists = async (q: Queryable, id: string) =>
  (await q.query(`SELECT 1 FROM items WHERE id = $1`, [id])).length > 0;
