import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import { GONE_STATUSES, type StocktakeOutcome, type StocktakeState } from '../../vocabulary.js';
import type { ScanAnswer, Stocktake, VarianceLine } from './schemas.js';

// SQL only. Every join repeats company_id so the composite keys serve it; RLS filters each table.

/** Statuses of items that left the company for good (a lost one may turn up: it is not among them). */
const LEFT = GONE_STATUSES.filter((s) => s !== 'lost')
  .map((s) => `'${s}'`)
  .join(', ');

/**
 * What a scanned serial is for a count of location `loc` (null: every location), from the item it
 * names (`i`, null when none does): the one rule the scan's answer and the close both use.
 */
const outcomeOf = (loc: string) => `CASE WHEN i.id IS NULL THEN 'unknown'
       WHEN i.status IN (${LEFT}) THEN 'sold'
       WHEN i.status = 'lost' OR (${loc} IS NOT NULL AND i.location_id <> ${loc}) THEN 'elsewhere'
       ELSE 'found' END`;

const COLUMNS = `s.id, s.location_id AS "locationId", l.name AS "locationName", s.state, s.note, u.user_name AS "openedBy",
  ${iso('s.created_at')} AS "openedAt", ${iso('s.updated_at')} AS "updatedAt", ${iso('s.closed_at')} AS "closedAt",
  ${iso('s.applied_at')} AS "appliedAt",
  (SELECT count(*)::int FROM stocktake_scans c WHERE c.company_id = s.company_id AND c.stocktake_id = s.id) AS scanned,
  v.found, v.missing, v.unexpected`;
const JOINS = `LEFT JOIN locations l ON l.company_id = s.company_id AND l.id = s.location_id
  LEFT JOIN users u ON u.company_id = s.company_id AND u.id = s.opened_by
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE x.outcome = 'found')::int AS found,
           count(*) FILTER (WHERE x.outcome = 'missing')::int AS missing,
           count(*) FILTER (WHERE x.outcome NOT IN ('found', 'missing'))::int AS unexpected
      FROM stocktake_lines x WHERE x.company_id = s.company_id AND x.stocktake_id = s.id
     HAVING s.closed_at IS NOT NULL) v ON true`;

export async function findStocktake(q: Queryable, id: string): Promise<Stocktake | null> {
  const rows = await q.query<Stocktake>(`SELECT ${COLUMNS} FROM stocktakes s ${JOINS} WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Every count, newest first (a company counts a few times a month: one page). */
export const listStocktakes = (q: Queryable) =>
  q.query<Stocktake>(`SELECT ${COLUMNS} FROM stocktakes s ${JOINS} ORDER BY s.created_at DESC, s.id DESC`);

export const recentScans = (q: Queryable, id: string) =>
  q.query<{ serial: string; scannedBy: string | null; scannedAt: string }>(
    `SELECT c.serial, u.user_name AS "scannedBy", ${iso('c.scanned_at')} AS "scannedAt"
       FROM stocktake_scans c LEFT JOIN users u ON u.company_id = c.company_id AND u.id = c.scanned_by
      WHERE c.stocktake_id = $1 ORDER BY c.scanned_at DESC, c.serial_key DESC LIMIT 20`,
    [id],
  );

export const locationExists = async (q: Queryable, id: string) =>
  (await q.query(`SELECT 1 FROM locations WHERE id = $1`, [id])).length > 0;

export async function insertStocktake(
  q: Queryable,
  s: { companyId: string; locationId: string | null; note: string | null; userId: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO stocktakes (company_id, location_id, note, opened_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [s.companyId, s.locationId, s.note, s.userId],
  );
  return row!.id;
}

export interface LockedStocktake {
  id: string;
  state: StocktakeState;
  locationId: string | null;
  note: string | null;
}

/** The count locked for a change of state: scans in flight (which share the lock) finish first. */
export async function lockStocktake(q: Queryable, id: string): Promise<LockedStocktake | null> {
  const rows = await q.query<LockedStocktake>(
    `SELECT id, state, location_id AS "locationId", note FROM stocktakes WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export const moveStocktake = (q: Queryable, id: string, state: StocktakeState, userId: string) =>
  q.query(
    `UPDATE stocktakes SET state = $2::text, updated_at = now(),
            closed_at = CASE WHEN $2::text = 'closed' THEN now() ELSE closed_at END,
            applied_at = CASE WHEN $2::text = 'applied' THEN now() END,
            applied_by = CASE WHEN $2 = 'applied' THEN $3::uuid END
      WHERE id = $1`,
    [id, state, userId],
  );

/**
 * One scan in one round trip: the count is share-locked (a close or pause waits for the scans in
 * flight, and a scan after it sees the new state), the serial recorded once per count (a second
 * scan of it, by anyone, changes nothing), and the answer says what the serial is for this count.
 * No row: the count does not exist.
 */
export async function scan(
  q: Queryable,
  s: { companyId: string; stocktakeId: string; serial: string; userId: string },
): Promise<(Omit<ScanAnswer, 'scanned'> & { state: StocktakeState; scanned: number }) | null> {
  const rows = await q.query<Omit<ScanAnswer, 'scanned'> & { state: StocktakeState; scanned: number }>(
    `WITH st AS (SELECT company_id, id, state, location_id FROM stocktakes WHERE id = $1 FOR SHARE),
     added AS (
       INSERT INTO stocktake_scans (company_id, stocktake_id, serial_key, serial, scanned_by)
       SELECT company_id, id, lower($2), $2, $3 FROM st WHERE state = 'counting'
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT st.state, coalesce(i.serial, $2) AS serial, ${outcomeOf('st.location_id')} AS outcome, i.id AS "itemId",
            l.name AS "locationName", NOT EXISTS (SELECT 1 FROM added) AS repeated,
            (SELECT count(*)::int FROM stocktake_scans c WHERE c.company_id = st.company_id AND c.stocktake_id = st.id)
              + (SELECT count(*)::int FROM added) AS scanned
       FROM st LEFT JOIN items i ON i.company_id = st.company_id AND i.serial_key = lower($2)
       LEFT JOIN locations l ON l.company_id = i.company_id AND l.id = i.location_id`,
    [s.stocktakeId, s.serial, s.userId],
  );
  return rows[0] ?? null;
}

/**
 * Freezes the variance: each scanned serial as its outcome now, and each item the count expected
 * (held at the counted location, or anywhere for a count of all, and not on loan) that nobody
 * scanned, as missing.
 */
export const freezeVariance = (q: Queryable, companyId: string, id: string, locationId: string | null) =>
  q.query(
    `INSERT INTO stocktake_lines (company_id, stocktake_id, serial, item_id, outcome, location_id, status)
     SELECT $1::uuid, $2::uuid, coalesce(i.serial, c.serial), i.id, ${outcomeOf('$3::uuid')}, i.location_id, i.status
       FROM stocktake_scans c LEFT JOIN items i ON i.company_id = c.company_id AND i.serial_key = c.serial_key
      WHERE c.stocktake_id = $2::uuid
     UNION ALL
     SELECT $1::uuid, $2::uuid, i.serial, i.id, 'missing', i.location_id, i.status FROM items i
      WHERE ($3::uuid IS NULL OR i.location_id = $3::uuid) AND i.status <> ALL($4::text[])
        AND NOT EXISTS (SELECT 1 FROM stocktake_scans c
                         WHERE c.company_id = i.company_id AND c.stocktake_id = $2::uuid AND c.serial_key = i.serial_key)`,
    // An item on loan is held but away, with whom the loan says: not expected on the shelf.
    [companyId, id, locationId, [...GONE_STATUSES, 'on_loan']],
  );

/** A page of the frozen variance, by outcome then serial; after (outcome, serial) when paging on. */
export const variancePage = (
  q: Queryable,
  id: string,
  by: { outcome: StocktakeOutcome | null; after: [string, string] | null; limit: number },
) =>
  q.query<VarianceLine>(
    `SELECT x.serial, x.item_id AS "itemId", x.outcome, x.location_id AS "locationId", l.name AS "locationName",
            x.status
       FROM stocktake_lines x LEFT JOIN locations l ON l.company_id = x.company_id AND l.id = x.location_id
      WHERE x.stocktake_id = $1 AND ($2::text IS NULL OR x.outcome = $2)
        AND ($3::text IS NULL OR (x.outcome, x.serial) > ($3, $4))
      ORDER BY x.outcome, x.serial LIMIT $5`,
    [id, by.outcome, by.after?.[0] ?? null, by.after?.[1] ?? null, by.limit],
  );

/** The items applying acts on: the missing and the misplaced (found elsewhere, or lost), from the frozen lines. */
export const linesToApply = (q: Queryable, id: string) =>
  q.query<{ itemId: string; outcome: 'missing' | 'elsewhere' }>(
    `SELECT item_id AS "itemId", outcome FROM stocktake_lines
      WHERE stocktake_id = $1 AND outcome IN ('missing', 'elsewhere')`,
    [id],
  );
