import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, ListenHandlers, Opening, Queryable } from './types.js';
import { openingText } from './literal.js';
import { notifier } from './notifications.js';
import { parseMultiHost, primaryClient } from './primary.js';

// Numeric and bigint as JS numbers is fine for prices and counts here; timestamps stay Date.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Every statement sent through query() runs as a named prepared statement, named by its text: each
 * pooled connection parses a statement once and then only binds and executes it, and PostgreSQL can
 * keep its generic plan (see pageLimit in query-builder.ts). Statements without parameters too: a
 * list whose page size is written in has none, and an unnamed statement is planned on every call.
 * The set of texts is bounded by the code (values are always parameters; query() takes one
 * statement — several, or migrations, go through exec()), so the per-connection cache is too.
 */
const names = new Map<string, string>();
function prepared(text: string, values: unknown[]): pg.QueryConfig {
  if (process.env.PG_PREPARE === '0') return { text, values };
  let name = names.get(text);
  if (!name) names.set(text, (name = `sw_${createHash('sha1').update(text).digest('hex')}`));
  return { name, text, values };
}

/** Listens to a checked-out client's 'error' event: its failed statement reports the loss. */
const ignoreLoss = () => undefined;

export async function openPostgres(databaseUrl: string): Promise<Database> {
  // A multi-host string (a pg_auto_failover cluster) connects to whichever host is the primary.
  const multi = parseMultiHost(databaseUrl);
  const Client = multi ? primaryClient(multi) : pg.Client;
  const connectionString = multi ? multi.single : databaseUrl;
  const pool = new pg.Pool({
    Client,
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
  });
  pool.on('error', () => undefined); // an idle client dying is reported on its next use
  await pool.query('SELECT 1');
  // Prepared as every other statement: unnamed, the batch's NOTIFY was planned on each send.
  const notices = notifier((text, values) => pool.query(prepared(text, values)));
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async transaction<T, R>(fn: (q: Queryable, opened: R[]) => Promise<T>, opening?: Opening) {
      const client = await pool.connect();
      // A connection lost while checked out (a failover, a restart, a terminated backend) fails the
      // statement in flight, which is how the caller learns of it; pg also emits 'error' on the
      // client, and the pool listens only to idle ones, so unheard that event would end the process.
      client.on('error', ignoreLoss);
      const announced: Array<[string, string]> = [];
      try {
        let opened: R[] = [];
        if (opening === undefined) await client.query('BEGIN');
        else {
          // Several statements in one simple query: pg answers one result per statement.
          const results = (await client.query(`BEGIN; ${openingText(opening)}`)) as unknown as pg.QueryResult[];
          opened = results[results.length - 1]!.rows as R[];
        }
        const q: Queryable = {
          async query<R>(sql: string, params: unknown[] = []) {
            return (await client.query(prepared(sql, params))).rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
          notify: (channel, payload) => void announced.push([channel, payload]),
        };
        const result = await fn(q, opened);
        await client.query('COMMIT');
        notices.add(announced);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', ignoreLoss);
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    notify: (channel, payload) => notices.add([[channel, payload]]),
    listen: (channel, handlers) => listenWithReconnect(() => new Client({ connectionString }), channel, handlers),
    close: async () => {
      await notices.drain();
      await pool.end();
    },
  };
}

/**
 * LISTEN on a client of its own (a pooled one would be handed to a request): when the connection
 * is lost it comes back after 0.5 s, 1 s, 2 s … (at most 10 s) and reports the gap, so streams
 * can tell their browsers to refetch what they may have missed.
 */
async function listenWithReconnect(
  newClient: () => pg.Client,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const c = newClient();
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.onMessage(n.payload);
    });
    const lost = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      retry = setTimeout(reconnect, delay);
      delay = Math.min(delay * 2, 10_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  const reconnect = () => {
    retry = null;
    if (stopped) return;
    connect().then(
      () => {
        delay = 500;
        handlers.onGap?.();
      },
      () => {
        retry = setTimeout(reconnect, delay);
        delay = Math.min(delay * 2, 10_000);
      },
    );
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
