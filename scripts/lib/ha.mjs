// A pg_auto_failover cluster on this machine: a monitor, a primary and a synchronous standby, each
// run by its own `pg_autoctl` (which restarts its PostgreSQL, replicates and fails over — no logic
// of ours decides anything). `npm run start:ha` and bench/failover use it; docs/deploying.md shows
// the same on three machines. Needs `apt-get install postgresql-15-auto-failover`.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { root } from './workspace.mjs';

const pg = createRequire(join(root, 'api', 'package.json'))('pg');
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const DBNAME = 'stockwise';

/**
 * Monitor settings for failing over within seconds on one machine or a LAN (pg_auto_failover's
 * defaults wait ~20-30 s): a node is checked every second and counted unhealthy after 5 s without
 * answer, and the standby is promoted once the old primary has not reported for 5 s. The keepers
 * below demote a primary cut off from the monitor and its standby after 3 s, so before the monitor
 * promotes; and with a synchronous standby, an old primary cut off cannot acknowledge a commit anyway.
 */
const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 5000,
  'pgautofailover.primary_demote_timeout': 5000,
};
const KEEPER_SETTINGS = { 'timeout.network_partition_timeout': 3 };

/**
 * The monitor decides which server is the primary, so whoever can write to it can steer a failover:
 * it listens on 127.0.0.1 only, and every TCP connection to it needs a password (SCRAM). Over the
 * Unix socket only pg_autoctl's own OS user gets in (peer), as itself or as autoctl_node — the role
 * the monitor's own service connects as. Replaces the trust-everyone file initdb writes.
 */
const HARDENED = '# stockwise: the monitor, password-only over TCP';
const monitorHba = (superuser) => `${HARDENED} (scripts/lib/ha.mjs; docs/deploying.md)
local all all peer map=stockwise
host pg_auto_failover autoctl_node 127.0.0.1/32 scram-sha-256
host all ${superuser} 127.0.0.1/32 scram-sha-256
`;
const monitorIdent = (superuser) => `stockwise ${superuser} ${superuser}
stockwise ${superuser} autoctl_node
`;

function postgresUser() {
  if (process.getuid?.() !== 0) return { name: userInfo().username };
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('PostgreSQL refuses to run as root and there is no postgres user: install PostgreSQL 15');
  const [name, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

/**
 * @param {object} options
 * @param {string} options.dir       where the three data folders and the logs live (.data/ha)
 * @param {number} options.portBase  monitor on it, the two nodes on the next two ports
 */
export function haCluster({ dir, portBase = 6000, log = () => {} }) {
  if (!existsSync(join(BIN, 'pg_ctl')) || !whichAutoctl())
    throw new Error('pg_autoctl not found: apt-get install -y postgresql-15-auto-failover (README)');
  const { name: osUser, ...user } = postgresUser();
  mkdirSync(dir, { recursive: true });
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
  // The monitor's password (autoctl_node's and the superuser's there), made once, readable by the
  // owner only. pg_autoctl and libpq read it from PGPASSWORD, so it is in no connection string.
  const secretFile = join(dir, 'monitor.password');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(secretFile, 'utf8').trim();
  const env = {
    PATH: `${BIN}:/usr/bin:/bin`,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'share'),
    PGPASSWORD: password,
  };
  const monitorPort = portBase;
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const names = ['node1', 'node2'];
  const pgdata = (name) => join(dir, name);
  const portOf = (name) => (name === 'monitor' ? monitorPort : portBase + 1 + names.indexOf(name));
  /** @type {Map<string, import('node:child_process').ChildProcess>} */
  const keepers = new Map();

  const autoctl = (args) => execFileSync('pg_autoctl', args, { env, encoding: 'utf8', ...user }).trim();

  /** Starts one node's pg_autoctl (creating the node the first time), in a process group of its own. */
  function run(name) {
    const created = existsSync(join(pgdata(name), 'PG_VERSION'));
    const args = created
      ? ['run', '--pgdata', pgdata(name)]
      : [
          'create',
          'postgres',
          '--pgdata',
          pgdata(name),
          '--pgport',
          String(portOf(name)),
          '--hostname',
          '127.0.0.1',
        ].concat(['--listen', '127.0.0.1', '--name', name, '--dbname', DBNAME, '--monitor', monitorUrl]);
    if (!created) args.push('--auth', 'trust', '--no-ssl', '--run');
    const out = join(dir, `${name}.log`);
    const child = spawn('pg_autoctl', args, {
      env,
      ...user,
      detached: true,
      stdio: ['ignore', 'ignore', openLog(out, user)],
    });
    keepers.set(name, child);
    return child;
  }

  /**
   * The monitor, made the first time (SCRAM for the nodes' connections; 127.0.0.1 only), then run.
   * pg_autoctl starts PostgreSQL with its own listen_addresses, so it is set in its configuration.
   */
  function runMonitor() {
    const monitor = pgdata('monitor');
    if (!existsSync(join(monitor, 'PG_VERSION'))) {
      execFileSync(
        'pg_autoctl',
        ['create', 'monitor', '--pgdata', monitor, '--pgport', String(monitorPort), '--hostname', '127.0.0.1'].concat([
          '--auth',
          'scram-sha-256',
          '--no-ssl',
        ]),
        { env, ...user, stdio: ['ignore', 'ignore', openLog(join(dir, 'monitor.log'), user)] },
      );
    }
    autoctl(['config', 'set', '--pgdata', monitor, 'postgresql.listen_addresses', '127.0.0.1']);
    const child = spawn('pg_autoctl', ['run', '--pgdata', monitor], {
      env,
      ...user,
      detached: true,
      stdio: ['ignore', 'ignore', openLog(join(dir, 'monitor.log'), user)],
    });
    keepers.set('monitor', child);
  }

  /**
   * The monitor's passwords set and initdb's trust rules replaced (once; a monitor made before this
   * is hardened on its next start). Until then it answers 127.0.0.1 only, with initdb's trust.
   */
  async function hardenMonitor() {
    const hba = join(pgdata('monitor'), 'pg_hba.conf');
    if (readFileSync(hba, 'utf8').startsWith(HARDENED)) return;
    for (const role of ['autoctl_node', osUser])
      await query(monitorPort, `ALTER ROLE "${role}" PASSWORD '${password.replace(/'/g, "''")}'`, 'pg_auto_failover');
    writeFileSync(join(pgdata('monitor'), 'pg_ident.conf'), monitorIdent(osUser));
    writeFileSync(hba, monitorHba(osUser));
    await query(monitorPort, 'SELECT pg_reload_conf()', 'pg_auto_failover');
  }

  const query = async (port, sql, db = DBNAME, params = []) => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: osUser,
      // The monitor asks for it; the nodes trust 127.0.0.1 and ignore it.
      password,
      database: db,
      // Generous: on a machine at load 40+ a new backend took over 2 s, and one such refusal
      // ended a whole failover test (the callers that poll retry anyway).
      connectionTimeoutMillis: 10_000,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  /** The nodes as the monitor sees them: name, port, reported state (primary, secondary, wait_primary…). */
  const nodes = async () => {
    const rows = await query(
      monitorPort,
      `SELECT nodename AS name, nodeport AS port, reportedstate::text AS reported, goalstate::text AS goal
         FROM pgautofailover.node ORDER BY nodeid`,
      'pg_auto_failover',
    );
    return rows.map((n) => ({ ...n, pid: postmasterPid(pgdata(n.name)) }));
  };

  const waitFor = async (what, test, ms = 120_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        if (await test()) return;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) {
        // What the monitor last reported, so a failed run's log says where the cluster stood.
        const states = await nodes()
          .then((ns) => ns.map((n) => `${n.name} ${n.reported} → ${n.goal}`).join(', '))
          .catch((error) => `the monitor did not answer: ${error instanceof Error ? error.message : error}`);
        throw new Error(`the cluster: ${what} did not happen within ${ms / 1000} s (${states})`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  /** Both nodes settled: one primary, one secondary (a synchronous standby), none moving. */
  const settled = async () => {
    const ns = await nodes();
    return (
      ns.length === 2 &&
      ns.every((n) => n.reported === n.goal) &&
      ns.some((n) => n.reported === 'primary') &&
      ns.some((n) => n.reported === 'secondary')
    );
  };

  /**
   * A new standby is copied with pg_basebackup, which first asks the primary for a checkpoint — a
   * *spread* one, as pg_autoctl 2.0 passes no `--checkpoint=fast` (later pg_auto_failover does):
   * PostgreSQL then writes one dirty buffer and sleeps 100 ms while ahead of its
   * checkpoint_completion_target schedule, so the ~1,000 buffers that CREATE DATABASE left dirty held
   * the copy ~95 s. An immediate CHECKPOINT just before leaves that one almost nothing to write.
   * A lost primary coming back waits the same way: its rewind (or copy) needs the new primary's
   * first checkpoint since the promotion, a spread one too; a rehearsal's rejoin took 69 s where
   * others took 13–15. No timer of pg_auto_failover's or PostgreSQL's changes; if it fails, the
   * copy is only slower. Tried again for up to 20 s: the primary's keeper may be restarting its
   * server just then (a CI run met "terminating connection due to administrator command"), and a
   * copy should not begin against a server that is going down. `except`: a node whose state the
   * monitor still reports from before it was lost.
   */
  async function checkpointBeforeCopy(except = '') {
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        const primary = (await nodes()).find(
          (n) => n.name !== except && ['single', 'wait_primary', 'primary'].includes(n.reported),
        );
        if (primary) await query(portOf(primary.name), 'CHECKPOINT');
        return;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (Date.now() > deadline)
          return log(`no checkpoint before the standby's copy (${reason}): it waits for a spread one`);
        log(`the checkpoint before the standby's copy is tried again (${reason})`);
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  }

  return {
    dir,
    monitorPort,
    portOf,
    names,
    nodes,
    settled,
    waitFor,
    query,
    async start() {
      log('starting the monitor');
      runMonitor();
      await waitFor('the monitor', async () => (await query(monitorPort, 'SELECT 1', 'pg_auto_failover')).length === 1);
      await hardenMonitor();
      for (const [key, value] of Object.entries(MONITOR_SETTINGS))
        await query(monitorPort, `ALTER SYSTEM SET ${key} = ${value}`, 'pg_auto_failover');
      await query(monitorPort, 'SELECT pg_reload_conf()', 'pg_auto_failover');
      // One after the other: the first registered becomes the primary, the second its standby.
      for (const name of names) {
        if (name !== names[0] && !existsSync(join(pgdata(name), 'PG_VERSION'))) await checkpointBeforeCopy();
        log(`starting ${name}`);
        run(name);
        await waitFor(`${name} registered`, async () => (await nodes()).some((n) => n.name === name), 180_000);
        await waitFor(
          `${name} running`,
          async () => {
            const n = (await nodes()).find((x) => x.name === name);
            return n && n.reported === n.goal && ['single', 'primary', 'secondary'].includes(n.reported);
          },
          300_000,
        );
        for (const [key, value] of Object.entries(KEEPER_SETTINGS))
          autoctl(['config', 'set', '--pgdata', pgdata(name), key, String(value)]);
      }
      await waitFor('a primary and a synchronous standby', settled, 300_000);
      return this.url();
    },
    /** The multi-host URL the API uses (pg_autoctl's own, with the user the API connects as). */
    url() {
      const uri = autoctl(['show', 'uri', '--pgdata', pgdata('monitor'), '--formation', 'default']);
      return uri.replace('postgres://', `postgres://${osUser}@`).replace(/sslmode=[a-z-]+/, 'sslmode=disable');
    },
    /**
     * A server lost: `kill -9` of the node's postmaster and of its pg_autoctl (the whole process
     * group), nothing shut down. Killing the postmaster alone is a race: its pg_autoctl restarts
     * PostgreSQL within seconds and, if that comes first, the monitor never fails over (the primary
     * just recovers in place). Answers the postmaster's pid.
     */
    kill(name) {
      const pid = postmasterPid(pgdata(name));
      const keeper = keepers.get(name);
      for (const target of [keeper?.pid && -keeper.pid, pid]) {
        if (!target) continue;
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      return pid;
    },
    /**
     * The lost server back: its pg_autoctl rejoins the cluster as the standby (rewound if it must),
     * after a checkpoint on the primary that took over, so that the rewind does not wait for a spread one.
     */
    async restart(name) {
      if (name === 'monitor') return runMonitor();
      await checkpointBeforeCopy(name);
      run(name);
    },
    async writeState(file, url) {
      const ns = await nodes();
      writeFileSync(
        file,
        JSON.stringify(
          {
            url,
            monitor: { port: monitorPort, pid: postmasterPid(pgdata('monitor')) },
            // The monitor goes on reporting a lost server's last state ("primary") until it is back.
            nodes: ns.map((n) => ({ name: n.name, port: n.port, pid: n.pid, role: n.pid ? n.reported : 'down' })),
          },
          null,
          2,
        ) + '\n',
      );
    },
    async stop() {
      for (const name of [...names, 'monitor']) {
        try {
          autoctl(['stop', '--pgdata', pgdata(name)]);
        } catch {
          // not running
        }
      }
      const deadline = Date.now() + 20_000;
      while ([...keepers.values()].some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
    },
  };
}

function whichAutoctl() {
  try {
    execFileSync('pg_autoctl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The running postmaster's pid, or null: a server killed leaves its postmaster.pid behind. */
function postmasterPid(pgdata) {
  try {
    const pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function openLog(file, user) {
  writeFileSync(file, '', { flag: 'a' });
  if (user.uid !== undefined) chownSync(file, user.uid, user.gid);
  return openSync(file, 'a');
}
