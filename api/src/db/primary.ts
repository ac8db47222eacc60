import pg from 'pg';

/**
 * A multi-host connection string (`postgres://user@h1:5432,h2:5433/db?target_session_attrs=read-write`,
 * what `pg_autoctl show uri` prints) for node-postgres, which takes one host only. libpq's rule,
 * kept here: try the hosts in order and keep the first that accepts writes. The primary found is
 * remembered until a connection to it fails or it turns out read-only (a failover), then found
 * again — so a new pooled connection costs one round trip more only to check it, and a request
 * costs nothing more.
 */
export interface HostPort {
  host: string;
  port: number;
}

/**
 * libpq's target_session_attrs this driver keeps: read-write/primary (the API's pool: writes),
 * prefer-standby (the report pool, db/replica.ts: a standby when one answers, else the primary).
 */
export type SessionAttrs = 'read-write' | 'prefer-standby';

export interface MultiHost {
  hosts: HostPort[];
  attrs: SessionAttrs;
  /** The string with the first host only and no target_session_attrs (pg reads everything else from it). */
  single: string;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)(?:([^@/?]*)@)?([^/?]*)(.*)$/;

/** The hosts of a multi-host string, or null for a plain one (which keeps the plain pg.Pool path). */
export function parseMultiHost(databaseUrl: string): MultiHost | null {
  const parts = URL_PARTS.exec(databaseUrl);
  if (!parts) return null;
  const [, scheme, userInfo, hostList, rest] = parts as unknown as [string, string, string | undefined, string, string];
  const [path, query = ''] = rest.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs');
  if (!hostList.includes(',') && !attrs) return null;
  if (attrs && !['read-write', 'primary', 'any', 'prefer-standby'].includes(attrs))
    throw new Error(`target_session_attrs=${attrs} is not supported (read-write, primary, any or prefer-standby)`);
  const defaultPort = Number(params.get('port') ?? 5432);
  params.delete('target_session_attrs');
  params.delete('port');
  const hosts = hostList.split(',').map((entry): HostPort => {
    const m = /^(\[[^\]]+\]|[^:]*)(?::(\d+))?$/.exec(entry);
    if (!m || !m[1]) throw new Error(`DATABASE_URL: "${entry}" is not a host[:port]`);
    return { host: m[1].replace(/^\[|\]$/g, ''), port: m[2] ? Number(m[2]) : defaultPort };
  });
  const search = params.toString();
  const first = hostList.split(',')[0]!;
  const single = `${scheme}${userInfo !== undefined ? `${userInfo}@` : ''}${first}${path}${search ? `?${search}` : ''}`;
  return { hosts, single, attrs: attrs === 'prefer-standby' ? 'prefer-standby' : 'read-write' };
}

/** Why a connection was refused: no host accepted writes (the cluster is failing over). */
export class NoPrimaryError extends Error {
  readonly code = 'NO_PRIMARY';
  constructor(tried: HostPort[], last: unknown) {
    super(
      `no primary among ${tried.map((h) => `${h.host}:${h.port}`).join(', ')}` +
        (last instanceof Error ? ` (last: ${last.message})` : ''),
    );
  }
}

/**
 * Points a client not yet connected at one host. pg takes host and port from the connection string
 * over any given beside it, so they are set where it reads them when it opens the socket.
 */
function aim<C extends pg.Client>(client: C, target: HostPort): C {
  const self = client as unknown as { host: string; port: number; connectionParameters: HostPort };
  self.host = self.connectionParameters.host = target.host;
  self.port = self.connectionParameters.port = target.port;
  return client;
}

/** How long one host may take to answer before the next is tried (a machine gone drops packets). */
const CONNECT_TIMEOUT_MS = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS) || 3000;

/**
 * A pg.Client class that connects to the current primary of `multi`. Pools and the LISTEN client
 * both use it, so both follow a failover.
 */
export function primaryClient(multi: MultiHost): typeof pg.Client {
  let known: HostPort | null = null;
  let finding: Promise<HostPort> | null = null;

  const isStandby = async (config: pg.ClientConfig, target: HostPort): Promise<boolean> => {
    const probe = aim(new pg.Client({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }), target);
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      const { rows } = await probe.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      return rows[0]?.standby === true;
    } finally {
      await probe.end().catch(() => undefined);
    }
  };
  const wanted = async (config: pg.ClientConfig, target: HostPort) =>
    (await isStandby(config, target)) === (multi.attrs === 'prefer-standby');
  const find = (config: pg.ClientConfig): Promise<HostPort> => {
    if (known) return Promise.resolve(known);
    finding ??= (async () => {
      let last: unknown;
      let reachable: HostPort | null = null;
      try {
        for (const target of multi.hosts) {
          try {
            if (await wanted(config, target)) {
              known = target;
              return target;
            }
            reachable ??= target;
          } catch (error) {
            last = error;
          }
        }
        // prefer-standby with no standby up (it is being rebuilt, or was promoted): the primary
        // serves the reads, found again on the next connection so a standby back is used again.
        if (multi.attrs === 'prefer-standby' && reachable) return reachable;
        throw new NoPrimaryError(multi.hosts, last);
      } finally {
        finding = null;
      }
    })();
    return finding;
  };
  const forget = (target: HostPort) => {
    if (known === target) known = null;
  };

  return class PrimaryClient extends pg.Client {
    private readonly config: pg.ClientConfig;
    constructor(config?: string | pg.ClientConfig) {
      const base: pg.ClientConfig =
        typeof config === 'string' ? { connectionString: config } : { connectionString: multi.single, ...config };
      super({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...base });
      this.config = base;
    }

    // @ts-expect-error -- pg's overloads (callback or promise) are kept: the pool calls it with a callback
    override connect(callback?: (err: Error | undefined) => void): Promise<void> | undefined {
      const done = this.connectToPrimary();
      if (!callback) return done;
      done.then(
        () => callback(undefined),
        (error: Error) => callback(error),
      );
      return undefined;
    }

    private async connectToPrimary(): Promise<void> {
      const target = await find(this.config);
      aim(this as unknown as pg.Client, target);
      try {
        await super.connect();
      } catch (error) {
        forget(target);
        throw error;
      }
      // A connection to it lost (the server killed, a failover): the next connection looks again.
      this.on('error', () => forget(target));
      // The primary found a moment ago may have been demoted since (a switchover): checked on
      // every new connection, as libpq's read-write check does. (prefer-standby takes either.)
      if (multi.attrs === 'prefer-standby') return;
      const { rows } = await super.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      if (rows[0]?.standby !== false) {
        forget(target);
        await this.end().catch(() => undefined);
        throw new NoPrimaryError([target], new Error('it is a standby now'));
      }
    }
  } as unknown as typeof pg.Client;
}
