// The driver contract, a leaf: both drivers (pglite.ts, postgres.ts) implement it and every
// caller types against it; database.ts opens the right driver.
/** The one interface both drivers implement: PostgreSQL dialect, parameters as $1, $2… */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * NOTIFY channel with payload once this transaction has committed — never when it rolls back; on
   * the database itself (no transaction), soon. Sent after the commit, batched (db/notifications.ts).
   */
  notify(channel: string, payload: string): void;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * BEGIN … COMMIT (ROLLBACK on a throw) on one connection. `opening`: the transaction's first
   * statement, sent with BEGIN (PostgreSQL: in one simple-protocol message, one round trip, its
   * uuids written in as checked literals; PGlite: as a statement prepared once, in one call into
   * the engine); fn gets its rows.
   */
  transaction<T, R = Record<string, unknown>>(
    fn: (q: Queryable, opened: R[]) => Promise<T>,
    opening?: Opening,
  ): Promise<T>;
  /**
   * NOTIFY payloads of one channel, as they are committed. PostgreSQL: one dedicated connection per
   * process that reconnects when lost, then calls onGap (messages sent meanwhile are gone).
   * Answers the function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A transaction's opening statement: `sql` with $1, $2… standing for `uuids`, ids the API made and
 * checked (a verified token's, a directory row's) — only uuids, so that the PostgreSQL driver may
 * write them in as literals (db/literal.ts refuses anything else); `setup`, statements without
 * parameters run before it in the same transaction (SET LOCAL …).
 */
export interface Opening {
  sql: string;
  uuids: string[];
  setup?: string;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onGap?(): void;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** PGlite data folder; null → in memory. */
  dataDir: string | null;
  /**
   * PGlite only: start from this dump (`dumpDataDir()`) instead of an empty cluster. The tests open
   * one already migrated database per file this way: initdb and the migrations cost seconds each time.
   */
  pgliteDump?: Blob;
}
