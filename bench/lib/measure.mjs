// What the inventory benches measure with besides the clock: percentiles, the load average, and the
// CPU time (user + system, from /proc, Linux only) a phase cost the API process and the PostgreSQL
// server — what a shared, loaded machine moves least.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** The fields of /proc/<pid>/stat after the command's name (state first), or null when it is gone. */
function statOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** CPU time (ms) a process has used so far; 0 when it is gone (or not Linux). */
export function cpuMs(pid) {
  const f = statOf(pid);
  return f ? (Number(f[11]) + Number(f[12])) * TICK_MS : 0; // utime, stime
}

export function parentOf(pid) {
  const f = statOf(pid);
  return f ? Number(f[1]) : 0;
}

/** CPU time (ms) of the children `pid` has waited for (cutime + cstime); 0 when it is gone. */
function reapedCpuMs(pid) {
  const f = statOf(pid);
  return f ? (Number(f[13]) + Number(f[14])) * TICK_MS : 0;
}

/**
 * The postmaster and its children (backends, WAL writer…): what the database server did. A backend
 * that has ended (a pool or pgbench closing its connections) is reaped by the postmaster, and its
 * time moves to the postmaster's own count of its children, which is added here.
 */
export function postgresCpuMs(postmaster) {
  if (!postmaster) return 0;
  let sum = cpuMs(postmaster) + reapedCpuMs(postmaster);
  for (const d of readdirSync('/proc'))
    if (/^\d+$/.test(d) && parentOf(Number(d)) === postmaster) sum += cpuMs(Number(d));
  return sum;
}

/** The PostgreSQL server's postmaster, from one of its backends (an open database handle). */
export async function postmasterOf(db) {
  const [{ pid }] = await db.query('SELECT pg_backend_pid() AS pid');
  return parentOf(pid);
}

/**
 * CPU per request over a phase: start() then per(n) → { api, db } ms per request. PGlite runs inside
 * the API process (postmaster 0: db stays 0).
 */
export function cpuMeter({ apiPid, postmaster }) {
  const now = () => ({ api: cpuMs(apiPid), db: postgresCpuMs(postmaster) });
  let before = now();
  return {
    start() {
      before = now();
    },
    per(n) {
      const after = now();
      return { api: ((after.api - before.api) / n).toFixed(2), db: ((after.db - before.db) / n).toFixed(2) };
    },
  };
}

export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
