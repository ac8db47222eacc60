import type { Queryable } from '../../db/database.js';
import { pageLimit, qb, run, sql } from '../../db/query-builder.js';
import type { CreateTaskBody, QueueItem, Task, TaskListQuery } from './schemas.js';
import { iso, exact } from '../../db/timestamps.js';

const TASK = `SELECT t.id, t.title, t.kind, t.assignee_user_id AS "assigneeUserId", t.assignee_role_id AS "assigneeRoleId",
  coalesce(u.user_name, r.name) AS "assigneeName", t.item_id AS "itemId", i.serial, t.to_location_id AS "toLocationId",
  ${iso('t.due_at')} AS "dueAt", t.note, t.status, t.created_by AS "createdBy", ${iso('t.created_at')} AS "createdAt",
  ${iso('t.done_at')} AS "doneAt", t.done_by AS "doneBy", ${exact('t.created_at')} AS "_key"
  FROM tasks t
  LEFT JOIN users u ON u.company_id = t.company_id AND u.id = t.assignee_user_id
  LEFT JOIN roles r ON r.company_id = t.company_id AND r.id = t.assignee_role_id
  LEFT JOIN items i ON i.company_id = t.company_id AND i.id = t.item_id`;

export async function findTask(q: Queryable, id: string, lock = false): Promise<(Task & { _key: string }) | null> {
  const rows = await q.query<Task & { _key: string }>(`${TASK} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertTask(q: Queryable, companyId: string, userId: string, b: CreateTaskBody): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO tasks (company_id, title, kind, assignee_user_id, assignee_role_id, item_id, to_location_id, due_at,
       note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      companyId,
      b.title.trim(),
      b.kind ?? 'other',
      b.assigneeUserId ?? null,
      b.assigneeRoleId ?? null,
      b.itemId ?? null,
      b.toLocationId ?? null,
      b.dueAt ?? null,
      b.note ?? null,
      userId,
    ],
  );
  return row!.id;
}

export const markDone = (q: Queryable, id: string, userId: string) =>
  q.query(`UPDATE tasks SET status = 'done', done_at = now(), done_by = $2 WHERE id = $1`, [id, userId]);

export const exists = async (q: Queryable, table: 'users' | 'roles' | 'items' | 'locations', id: string) =>
  (await q.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).length > 0;

/** Newest first, keyset on (created_at, id); mine = assigned to the user or one of the user's roles. */
export async function taskPage(
  q: Queryable,
  f: TaskListQuery & { limit: number; mineOf: string | null },
  after: [string, string] | null,
) {
  let page = qb
    .selectFrom('tasks as t')
    .select(['t.id'])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(pageLimit(f.limit + 1));
  if (f.status) page = page.where('t.status', '=', f.status);
  if (f.mineOf) {
    const me = f.mineOf;
    page = page.where((eb) =>
      eb.or([
        eb('t.assignee_user_id', '=', me),
        eb('t.assignee_role_id', 'in', eb.selectFrom('user_roles').select('role_id').where('user_id', '=', me)),
      ]),
    );
  }
  if (after) page = page.where(sql<boolean>`(t.created_at, t.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  const ids = (await run(q, page)).map((r) => r.id);
  if (!ids.length) return [];
  return q.query<Task & { _key: string }>(
    `${TASK} WHERE t.id = ANY($1::uuid[]) ORDER BY t.created_at DESC, t.id DESC`,
    [ids],
  );
}

const QUEUE_ITEM = `i.id AS "itemId", i.serial, t.name AS "itemTypeName", i.model, i.status, l.name AS "locationName",
  c.name AS "customerName", ${iso('i.warranty_ends_at')} AS "warrantyEndsAt", ${iso('i.updated_at')} AS since`;
const QUEUE_JOINS = `JOIN item_types t ON t.company_id = i.company_id AND t.id = i.item_type_id
  JOIN locations l ON l.company_id = i.company_id AND l.id = i.location_id
  LEFT JOIN customers c ON c.company_id = i.company_id AND c.id = i.customer_id`;

/**
 * The items in some statuses that have waited longest. One ordered index range per status
 * (items_status_by_received), merged: status = ANY(…) would sort every match first.
 */
export async function itemsInStatuses(q: Queryable, statuses: string[], limit: number): Promise<QueueItem[]> {
  const ids = await q.query<{ id: string }>(
    `SELECT id FROM (${statuses
      .map((_, n) => `(SELECT id, received_at FROM items WHERE status = $${n + 2} ORDER BY received_at, id LIMIT $1)`)
      .join(' UNION ALL ')}) x ORDER BY received_at, id LIMIT $1`,
    [limit, ...statuses],
  );
  if (!ids.length) return [];
  return q.query<QueueItem>(
    `SELECT ${QUEUE_ITEM} FROM items i ${QUEUE_JOINS} WHERE i.id = ANY($1::uuid[]) ORDER BY i.received_at, i.id`,
    [ids.map((r) => r.id)],
  );
}

/** Warranties ending from now until `days` from now, soonest first (the partial warranty index). */
export const warrantiesEndingSoon = (q: Queryable, days: number, limit: number) =>
  q.query<QueueItem>(
    `SELECT ${QUEUE_ITEM} FROM items i ${QUEUE_JOINS}
      WHERE i.warranty_ends_at >= now() AND i.warranty_ends_at < now() + make_interval(days => $1::int)
      ORDER BY i.warranty_ends_at, i.id LIMIT $2`,
    [days, limit],
  );

/** Open tasks of a user or the user's roles: how many, and the oldest few. */
export async function openTasksOf(q: Queryable, userId: string, limit: number) {
  const mine = `t.status = 'open' AND (t.assignee_user_id = $1
    OR t.assignee_role_id IN (SELECT role_id FROM user_roles WHERE user_id = $1))`;
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks t WHERE ${mine}`, [userId]);
  const items = await q.query<Task & { _key: string }>(`${TASK} WHERE ${mine} ORDER BY t.created_at, t.id LIMIT $2`, [
    userId,
    limit,
  ]);
  return { open: count?.n ?? 0, items };
}
