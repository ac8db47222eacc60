import type { Queryable } from '../../db/database.js';
import { badRequest } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/schemas.js';
import type { AuditAction, AuditEntity } from '../../vocabulary.js';
import * as db from './queries.js';
import type { AuditQuery, AuditRow } from './schemas.js';

/** One change to a setting, as the module that makes it describes it. */
export interface AuditEntry {
  companyId: string;
  /** Who made it: the signed-in user; null for the system (a payment provider's webhook). */
  actorId: string | null;
  entity: AuditEntity;
  entityId?: string | null;
  /** The setting's name as it stood (a deleted role is still named in the log). */
  entityName?: string | null;
  action: AuditAction;
  /** The setting as it was; null or absent when it is created. */
  before?: unknown;
  /** The setting as it became; null or absent when it is deleted. */
  after?: unknown;
}

/**
 * Field names whose text values are credentials. A snapshot is what the API answers (which never
 * holds one), but the log is kept for years and read by more people than the setting: a field of
 * this name that holds text is left out all the same, so no caller can put a secret in by mistake.
 * A boolean such as hasClientSecret stays (it says that one is kept, not what it is).
 */
const SECRET_FIELD = /secret|password|token|hash|sealed|private.?key|credential/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_FIELD.test(key) && typeof v !== 'boolean' && v !== null) continue;
    out[key] = withoutSecrets(v);
  }
  return out;
}

/**
 * Records a change to a setting in the caller's transaction (the one making the change): if the
 * row cannot be written the change is not made either. The one way anything is written to the
 * audit log. A change that changed nothing (before equal to after) is not recorded.
 */
export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  const before = entry.before === undefined ? null : withoutSecrets(entry.before);
  const after = entry.after === undefined ? null : withoutSecrets(entry.after);
  if (before !== null && after !== null && JSON.stringify(before) === JSON.stringify(after)) return;
  await db.insertAudit(q, {
    companyId: entry.companyId,
    actorId: entry.actorId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    entityName: entry.entityName ?? null,
    action: entry.action,
    before,
    after,
  });
}

const SEQ = /^[1-9]\d{0,17}$/;

/** A page of the log, newest first, filtered by who, what kind and when ([from, to)). */
export async function auditLog(
  q: Queryable,
  query: AuditQuery,
): Promise<{ items: AuditRow[]; nextCursor: string | null }> {
  const from = query.from ? new Date(query.from) : null;
  const to = query.to ? new Date(query.to) : null;
  if (from && to && from.getTime() > to.getTime()) throw badRequest('from: must not be after to', 'from');
  const position = decodeCursor(query.cursor, 1);
  if (position && !SEQ.test(String(position[0])))
    throw badRequest('cursor: is not a cursor this list gave out', 'cursor');
  const limit = query.limit ?? 50;
  const rows = await db.auditPage(q, {
    actorId: query.actorId,
    entity: query.entity,
    from: from?.toISOString(),
    to: to?.toISOString(),
    after: position ? Number(position[0]) : null,
    limit,
  });
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ seq: _seq, ...row }) => row),
    nextCursor: rows.length > limit && last ? encodeCursor([last.seq]) : null,
  };
}
