import type { Queryable } from '../../db/database.js';

/** The channel every replica LISTENs on. */
export const CHANNEL = 'stockwise_events';

export const CHANGE_KINDS = ['item.changed', 'sale.made', 'task.changed', 'settings.changed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * What a screen should refetch after each kind of change: the API resources (the first path
 * segment, which every browser query key starts with). A settings change names its own.
 */
const REFRESH: Record<ChangeKind, string[]> = {
  'item.changed': ['items', 'reports', 'dashboard', 'tasks'],
  'sale.made': ['sales', 'customers', 'reports', 'dashboard'],
  'task.changed': ['tasks', 'dashboard'],
  'settings.changed': [],
};

/** A NOTIFY payload is at most 8,000 bytes: past this many ids a change says only how many. */
export const MAX_IDS = 100;

/** What a stream sends (and what travels between replicas, with the company beside it). */
export interface Change {
  kind: ChangeKind;
  resources: string[];
  /** The ids changed, or null when there were more than MAX_IDS (refetch the lists). */
  ids: string[] | null;
  count: number;
}
export interface Notice extends Change {
  companyId: string;
}

/** The NOTIFY payload of a change (what publish sends; a write statement may send it itself). */
export function notice(companyId: string, kind: ChangeKind, ids: string[], resources: string[] = []): string {
  const n: Notice = {
    companyId,
    kind,
    resources: [...new Set([...REFRESH[kind], ...resources])],
    ids: ids.length <= MAX_IDS ? ids : null,
    count: ids.length,
  };
  return JSON.stringify(n);
}

/**
 * Announces a change inside the writing transaction: pg_notify is delivered when that
 * transaction commits and never when it rolls back, to every replica, including this one.
 * The engine's writes and sales send their notices from their write statement instead (no round
 * trip of its own): `SELECT pg_notify(CHANNEL, payload)` there, with payloads from notice().
 */
export async function publish(
  q: Queryable,
  companyId: string,
  kind: ChangeKind,
  ids: string[],
  resources: string[] = [],
): Promise<void> {
  await q.query(`SELECT pg_notify($1, $2)`, [CHANNEL, notice(companyId, kind, ids, resources)]);
}

/** A settings change: the resource is the path it lives under ('/api/item-types' → item-types). */
export const settingsChanged = (q: Queryable, companyId: string, path: string, id: string) =>
  publish(q, companyId, 'settings.changed', [id], [path.split('/')[2]!]);
