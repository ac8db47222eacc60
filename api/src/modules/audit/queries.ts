import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import type { AuditAction, AuditEntity } from '../../vocabulary.js';
import type { AuditRow } from './schemas.js';

export interface AuditInsert {
  companyId: string;
  actorId: string | null;
  entity: AuditEntity;
  entityId: string | null;
  entityName: string | null;
  action: AuditAction;
  before: unknown;
  after: unknown;
}

export async function insertAudit(q: Queryable, row: AuditInsert): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (company_id, actor_id, entity, entity_id, entity_name, action, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      row.companyId,
      row.actorId,
      row.entity,
      row.entityId,
      row.entityName,
      row.action,
      row.before === null || row.before === undefined ? null : JSON.stringify(row.before),
      row.after === null || row.after === undefined ? null : JSON.stringify(row.after),
    ],
  );
}

export interface AuditFilter {
  actorId?: string;
  entity?: AuditEntity;
  from?: string;
  to?: string;
  /** The last row's seq of the page before. */
  after: number | null;
  limit: number;
}

/** Newest first by seq; one row more than the limit says whether another page follows. */
export function auditPage(q: Queryable, f: AuditFilter): Promise<Array<AuditRow & { seq: number }>> {
  return q.query<AuditRow & { seq: number }>(
    `SELECT a.seq::float8 AS seq, a.id, ${iso('a.created_at')} AS "createdAt", a.actor_id AS "actorId",
            u.user_name AS "actorName", a.entity, a.entity_id AS "entityId", a.entity_name AS "entityName",
            a.action, a.before, a.after
       FROM audit_log a
       LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.actor_id
      WHERE ($1::bigint IS NULL OR a.seq < $1::bigint)
        AND ($2::uuid IS NULL OR a.actor_id = $2::uuid)
        AND ($3::text IS NULL OR a.entity = $3::text)
        AND ($4::timestamptz IS NULL OR a.created_at >= $4::timestamptz)
        AND ($5::timestamptz IS NULL OR a.created_at < $5::timestamptz)
      ORDER BY a.seq DESC
      LIMIT $6`,
    [f.after, f.actorId ?? null, f.entity ?? null, f.from ?? null, f.to ?? null, f.limit + 1],
  );
}
