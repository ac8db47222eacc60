import type { Queryable } from '../../db/database.js';

/** The channel every replica LISTENs on. */
export const CHANNEL = 'stockwise_events';

export const CHANGE_KINDS = [
  'item.changed',
  'sale.made',
  'task.changed',
  'settings.changed',
  'stocktake.changed',
  'purchase-order.changed',

  'loan.changed',
  'quantity.changed',
] as const;
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
  // A scan, a pause, a close: every phone counting the same location sees the count grow.
  'stocktake.changed': ['stocktakes'],
  // Written, sent, received against, cancelled: the list and the order page, and reception's choice of orders.
  'purchase-order.changed': ['purchase-orders'],

  // A check-out or check-in: the loans list and the overdue alerts (the item's own change is item.changed).
  'loan.changed': ['loans', 'alerts'],
  // A quantity received, sold, moved, counted or returned: the model's stock and ledger, the models
  // list's "in stock", the reports and alerts that count it (reorder points).
  'quantity.changed': ['product-models', 'reports', 'dashboard', 'alerts'],
};

/** The resources the kinds of change name (a settings change also names its own). */
export const CHANGED_RESOURCES = [...new Set(Object.values(REFRESH).flat())];

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

/**
 * Why a stream is closed by the server before its time: its holder opened more than their share
 * (the browser stays quiet until its tab is shown again), or their access changed (the browser
 * reconnects at once, and a new ticket carries what they may now see — or is refused).
 */
export type CloseReason = 'too-many-streams' | 'access-changed' | 'lapsed';
/** Travels on the same channel as the changes: which of a company's streams every replica closes. */
export interface CloseNotice {
  companyId: string;
  close: { streams?: string[]; users?: string[] | null };
  reason: CloseReason;
}

/**
 * Announces a change made in the transaction q: delivered to every replica — this one included —
 * once that transaction has committed, never when it rolls back (Queryable.notify: sent after the
 * commit, in batches, because pg_notify inside the transaction would serialize every notifying
 * commit of the database cluster on one lock; db/notifications.ts).
 */
export function publish(
  q: Queryable,
  companyId: string,
  kind: ChangeKind,
  ids: string[],
  resources: string[] = [],
): void {
  const notice: Notice = {
    companyId,
    kind,
    resources: [...new Set([...REFRESH[kind], ...resources])],
    ids: ids.length <= MAX_IDS ? ids : null,
    count: ids.length,
  };
  q.notify(CHANNEL, JSON.stringify(notice));
}

/** A settings change: the resource is the path it lives under ('/api/item-types' → item-types). */
export const settingsChanged = (q: Queryable, companyId: string, path: string, id: string) =>
  publish(q, companyId, 'settings.changed', [id], [path.split('/')[2]!]);

/** Closes these streams, or every stream of these users (null: of the whole company), on every replica, once q commits. */
export function closeStreams(q: Queryable, companyId: string, close: CloseNotice['close'], reason: CloseReason): void {
  // Past MAX_IDS users the notice would not fit a NOTIFY payload: the company's streams all reconnect.
  const users = close.users && close.users.length > MAX_IDS ? null : close.users;
  const notice: CloseNotice = {
    companyId,
    close: { ...close, ...(close.users !== undefined ? { users } : {}) },
    reason,
  };
  q.notify(CHANNEL, JSON.stringify(notice));
}

/** These users' roles or claims changed, or they were deactivated: their streams end everywhere. */
export const accessChanged = (q: Queryable, companyId: string, userIds: string[] | null) =>
  closeStreams(q, companyId, { users: userIds }, 'access-changed');
