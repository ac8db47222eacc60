import type { Database, Queryable } from './types.js';
import { openDatabase } from './database.js';
import { inTenant } from './tenant.js';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * Reads that may lag a little — reports and the dashboard — go to a standby (DATABASE_READ_URL: a
 * standby's URL, or the cluster's multi-host string with target_session_attrs=prefer-standby), so
 * the primary keeps its time for sales. Each answer says how fresh it is ("as of"), and is never
 * staler than the bound: a standby further behind, unreachable, or cancelling the read (a replay
 * conflict) is skipped and the primary answers. Nothing that reads its own writes comes here.
 * Without DATABASE_READ_URL every read is the primary's, as of the moment it was made.
 */
export interface AsOf<T> {
  value: T;
  /** The data holds every commit made up to this moment (the standby's, or the read's time). */
  asOf: Date;
}

export interface Reads {
  inTenantAsOf<T>(companyId: string, fn: (q: Queryable) => Promise<T>): Promise<AsOf<T>>;
  close(): Promise<void>;
}

/**
 * How fresh a standby is: everything it has received is replayed and it is still streaming → now;
 * else its last replayed commit's time. On a primary (a prefer-standby string with no standby up) → now.
 * The WAL receiver's pid is visible to every role, so the app role may ask.
 */
const FRESHNESS = `SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN clock_timestamp()
    WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
     AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE pid IS NOT NULL) THEN clock_timestamp()
    ELSE coalesce(pg_last_xact_replay_timestamp(), '-infinity')
  END AS "asOf"`;

class TooStale extends Error {}

/** A standby's read cancelled by the replay of a conflicting change (hot standby): read the primary. */
const RECOVERY_CONFLICT = '40001';

/** After the standby could not be opened, how long before trying again (reads go to the primary meanwhile). */
const REOPEN_MS = 30_000;

export function openReads(
  primary: Database,
  readUrl: string | null,
  maxLagMs: number,
  warn: (message: string) => void = () => undefined,
): Reads {
  let standby: Promise<Database | null> | null = null;
  let failedAt = 0;
  const replica = (): Promise<Database | null> => {
    if (!readUrl) return Promise.resolve(null);
    if (!standby && Date.now() - failedAt > REOPEN_MS)
      standby = openDatabase({ databaseUrl: readUrl, dataDir: null }).catch((error: Error) => {
        warn(`DATABASE_READ_URL: ${error.message}; reports read the primary meanwhile`);
        failedAt = Date.now();
        standby = null;
        return null;
      });
    return standby ?? Promise.resolve(null);
  };

  const onPrimary = async <T>(companyId: string, fn: (q: Queryable) => Promise<T>): Promise<AsOf<T>> => {
    const asOf = new Date();
    return { value: await inTenant(primary, companyId, fn), asOf };
  };

  return {
    async inTenantAsOf(companyId, fn) {
      const db = await replica();
      if (!db) return onPrimary(companyId, fn);
      try {
        let asOf = new Date();
        const value = await inTenant(db, companyId, async (q) => {
          const [fresh] = await q.query<{ asOf: Date | string }>(FRESHNESS);
          asOf = new Date(fresh!.asOf);
          // -infinity (nothing replayed yet) reads as an invalid date: as stale as can be.
          if (!(Date.now() - asOf.getTime() <= maxLagMs)) throw new TooStale();
          return fn(q);
        });
        return { value, asOf };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (error instanceof TooStale || code === RECOVERY_CONFLICT || isDatabaseUnavailable(error))
          return onPrimary(companyId, fn);
        throw error;
      }
    },
    async close() {
      const db = await standby;
      await db?.close();
    },
  };
}
