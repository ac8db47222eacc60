/**
 * NOTIFY after commit, in batches. pg_notify inside a writing transaction makes its commit take
 * PostgreSQL's one notification lock — cluster-wide, held until the commit (and its fsync) is done
 * (async.c, PreCommit_Notify: "Serialize writers by acquiring a special lock that we hold till
 * after commit") — so every notifying transaction of every company commits one at a time (the
 * sales benchmark: 74 % of the backends' time waiting on Lock:object). Instead a transaction's
 * notices are handed over when it has committed (never when it rolled back) and sent here: all
 * that are waiting in one statement, in a transaction of their own that does not wait for its
 * commit to reach the disk (it writes nothing to keep: a notification does not survive a crash
 * anyway), so the lock is held for microseconds and once per batch instead of once per write.
 */
const SEND = `SELECT (SELECT set_config('synchronous_commit', 'off', true)) AS sync,
  (SELECT count(pg_notify(c, p)) FROM unnest($1::text[], $2::text[]) AS n(c, p)) AS sent`;

export interface Notifier {
  /** Queues notices (channel, payload) to be sent soon. */
  add(notices: Array<[string, string]>): void;
  /** Resolves when everything queued so far has been sent (or failed). */
  drain(): Promise<void>;
}

/**
 * `query` runs one statement in a transaction of its own. A batch that fails is dropped: streams are
 * told what changed as a hint to refetch, and a database that refuses the batch has also dropped the
 * LISTEN connection, whose reconnection tells every stream to refetch everything (db/postgres.ts).
 */
export function notifier(query: (sql: string, params: unknown[]) => Promise<unknown>): Notifier {
  let pending: Array<[string, string]> = [];
  let running: Promise<void> | null = null;
  const run = async () => {
    while (pending.length) {
      const batch = pending;
      pending = [];
      await query(SEND, [batch.map((n) => n[0]), batch.map((n) => n[1])]).catch(() => undefined);
    }
    running = null;
  };
  return {
    add(notices) {
      if (!notices.length) return;
      pending.push(...notices);
      // Started on the next turn: notices of transactions committing meanwhile join the batch.
      running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(run);
    },
    drain: () => running ?? Promise.resolve(),
  };
}
