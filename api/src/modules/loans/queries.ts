import type { Queryable } from '../../db/database.js';
import { exact, iso } from '../../db/timestamps.js';
import type { LoanView, StatusKey } from '../../vocabulary.js';
import type { Loan } from './schemas.js';

// SQL only. Every join repeats company_id so the composite keys serve it; RLS filters each table.

const PERSON = (u: string) => `coalesce(nullif(btrim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.user_name)`;

const COLUMNS = `n.id, n.item_id AS "itemId", i.serial, t.name AS "itemTypeName", i.model,
  CASE WHEN n.user_id IS NULL THEN 'customer' ELSE 'user' END AS "borrowerKind",
  n.user_id AS "userId", n.customer_id AS "customerId", coalesce(${PERSON('bu')}, bc.name) AS "borrowerName",
  ${iso('n.due_at')} AS "dueAt", (n.checked_in_at IS NULL AND n.due_at < now()) AS overdue,
  n.from_status AS "fromStatus", n.note, ou.user_name AS "checkedOutBy", ${iso('n.checked_out_at')} AS "checkedOutAt",
  iu.user_name AS "checkedInBy", ${iso('n.checked_in_at')} AS "checkedInAt"`;
const JOINS = `JOIN items i ON i.company_id = n.company_id AND i.id = n.item_id
  LEFT JOIN item_types t ON t.company_id = i.company_id AND t.id = i.item_type_id
  LEFT JOIN users bu ON bu.company_id = n.company_id AND bu.id = n.user_id
  LEFT JOIN customers bc ON bc.company_id = n.company_id AND bc.id = n.customer_id
  LEFT JOIN users ou ON ou.company_id = n.company_id AND ou.id = n.checked_out_by
  LEFT JOIN users iu ON iu.company_id = n.company_id AND iu.id = n.checked_in_by`;

/** Each view's rows and keyset order: its key column and direction (the id breaks ties). */
const VIEWS: Record<LoanView, { where: string; key: string; dir: 'ASC' | 'DESC' }> = {
  open: { where: 'n.checked_in_at IS NULL', key: 'n.due_at', dir: 'ASC' },
  overdue: { where: 'n.checked_in_at IS NULL AND n.due_at < now()', key: 'n.due_at', dir: 'ASC' },
  returned: { where: 'n.checked_in_at IS NOT NULL', key: 'n.checked_in_at', dir: 'DESC' },
  all: { where: 'true', key: 'n.checked_out_at', dir: 'DESC' },
};

export async function loanPage(
  q: Queryable,
  p: { view: LoanView; itemId: string | null; after: [string, string] | null; limit: number },
): Promise<Array<Loan & { _key: string }>> {
  const v = VIEWS[p.view];
  const op = v.dir === 'ASC' ? '>' : '<';
  return q.query<Loan & { _key: string }>(
    `SELECT ${COLUMNS}, ${exact(v.key)} AS _key FROM loans n ${JOINS}
      WHERE ${v.where} AND ($1::uuid IS NULL OR n.item_id = $1::uuid)
        AND ($2::timestamptz IS NULL OR (${v.key}, n.id) ${op} ($2::timestamptz, $3::uuid))
      ORDER BY ${v.key} ${v.dir}, n.id ${v.dir} LIMIT $4`,
    [p.itemId, p.after?.[0] ?? null, p.after?.[1] ?? null, p.limit],
  );
}

export async function findLoan(q: Queryable, id: string): Promise<Loan | null> {
  const rows = await q.query<Loan>(`SELECT ${COLUMNS} FROM loans n ${JOINS} WHERE n.id = $1`, [id]);
  return rows[0] ?? null;
}

export interface LockedLoan {
  id: string;
  itemId: string;
  fromStatus: StatusKey;
  customerId: string | null;
  checkedIn: boolean;
}

/** The loan locked for its check-in: a second check-in at the same time waits and then finds it closed. */
export async function lockLoan(q: Queryable, id: string): Promise<LockedLoan | null> {
  const rows = await q.query<LockedLoan>(
    `SELECT id, item_id AS "itemId", from_status AS "fromStatus", customer_id AS "customerId",
            checked_in_at IS NOT NULL AS "checkedIn"
       FROM loans WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertLoan(
  q: Queryable,
  l: {
    companyId: string;
    itemId: string;
    userId: string | null;
    customerId: string | null;
    dueAt: string;
    fromStatus: string;
    note: string | null;
    by: string;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO loans (company_id, item_id, user_id, customer_id, due_at, from_status, note, checked_out_by)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7, $8) RETURNING id`,
    [l.companyId, l.itemId, l.userId, l.customerId, l.dueAt, l.fromStatus, l.note, l.by],
  );
  return row!.id;
}

export const closeLoan = (q: Queryable, id: string, by: string) =>
  q.query(`UPDATE loans SET checked_in_at = now(), checked_in_by = $2 WHERE id = $1`, [id, by]);

/** An active user of the company, by id: whom an item may be lent to. */
export const activeUser = async (q: Queryable, id: string) =>
  (await q.query<{ id: string }>(`SELECT id FROM users WHERE id = $1 AND deactivated_at IS NULL`, [id]))[0] ?? null;

/** Whom an item may be lent to, matching a search: active users, then active customers. */
export const borrowers = (q: Queryable, search: string | null, limit: number) =>
  q.query<{ kind: 'user' | 'customer'; id: string; name: string; detail: string | null }>(
    `(SELECT 'user' AS kind, u.id, ${PERSON('u')} AS name, u.user_name AS detail FROM users u
       WHERE u.deactivated_at IS NULL
         AND ($1::text IS NULL OR ${PERSON('u')} ILIKE $1 OR u.user_name ILIKE $1 OR u.email ILIKE $1)
       ORDER BY 3 LIMIT $2)
     UNION ALL
     (SELECT 'customer', c.id, c.name, coalesce(c.email, c.phone) FROM customers c
       WHERE c.is_customer AND c.active AND ($1::text IS NULL OR c.name ILIKE $1 OR c.email ILIKE $1)
       ORDER BY 3 LIMIT $2)`,
    [search, limit],
  );

// ── the overdue alert ──
export const countOverdue = async (q: Queryable) =>
  (
    await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM loans WHERE checked_in_at IS NULL AND due_at < now()`)
  )[0]!.n;

export const overdue = (q: Queryable, limit: number) =>
  q.query<Loan>(
    `SELECT ${COLUMNS} FROM loans n ${JOINS} WHERE ${VIEWS.overdue.where} ORDER BY n.due_at, n.id LIMIT $1`,
    [limit],
  );
