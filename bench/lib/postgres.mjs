// A PostgreSQL server of a bench's own and the tools beside it: psql, pgbench, and the server's CPU.
// A fresh cluster with default settings (fsync and synchronous_commit on) in a temporary folder,
// started by scripts/postgres-server.sh, stopped however the bench ends (and its folder removed by
// scratchDir): a server left behind holds the port the next run wants, and its folder the disk.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresCpuMs } from './measure.mjs';
import { scratchDir } from './scratch.mjs';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Starts a fresh server on `port`; `name` tells its temporary folder apart. */
export function freshServer(port, name) {
  const dir = scratchDir(`${name}-pg`);
  const env = { ...process.env, PG_TEST_DIR: dir, PG_TEST_PORT: String(port) };
  const control = (cmd) =>
    execFileSync(path.join(repo, 'scripts', 'postgres-server.sh'), [cmd], { env, encoding: 'utf8' }).trim();
  const databaseUrl = control('start');
  let up = true;
  const stop = () => {
    if (up) control('stop');
    up = false;
  };
  // Prepended: the server stops before scratchDir removes its folder at exit.
  process.prependListener('exit', stop);
  const connection = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  return {
    databaseUrl,
    /** The database the server's URL names. */
    database: new URL(databaseUrl).pathname.slice(1),
    /** The server's own log (what `log_statement` writes to). */
    logFile: path.join(dir, 'server.log'),
    stop,
    /** One psql command, its output trimmed. */
    psql: (sql, db = 'postgres') =>
      execFileSync(`${BIN}/psql`, [...connection, '-d', db, '-Atc', sql], { encoding: 'utf8' }).trim(),
    /** pgbench's TPC-B tables at this scale, in a database of their own (`pgbench`). */
    initPgbench(scale = 20) {
      execFileSync(`${BIN}/psql`, [...connection, '-d', 'postgres', '-c', 'CREATE DATABASE pgbench'], {
        stdio: 'ignore',
      });
      execFileSync(`${BIN}/pgbench`, [...connection, '-i', '-s', String(scale), '-q', 'pgbench'], { stdio: 'ignore' });
    },
    /**
     * pgbench with 20 clients and 2 threads for `seconds` on `db`: its tps, the transactions done
     * and failed, and PostgreSQL's CPU ms a transaction. Throws when a client aborted.
     */
    pgbench(db, seconds, args = []) {
      const cpu0 = this.cpuMs();
      const out = execFileSync(
        `${BIN}/pgbench`,
        [...connection, '-c', '20', '-j', '2', '-T', String(seconds), ...args, db],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const tps = Number(out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1]);
      const done = Number(out.match(/number of transactions actually processed: (\d+)/)?.[1]);
      const failed = Number(out.match(/number of failed transactions: (\d+)/)?.[1] ?? 0);
      if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
      return { tps, done, failed, cpu: (this.cpuMs() - cpu0) / Math.max(1, done) };
    },
    /** The server's CPU ms so far: the postmaster, its live children and those it has reaped. */
    cpuMs() {
      try {
        return postgresCpuMs(Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]));
      } catch {
        return 0;
      }
    },
  };
}
