// The CPU of a process's descendants, read from /proc (the benches' browsers: Chromium's renderers
// are reaped by its own processes, so their CPU never reaches the process that launched it).
import { readFileSync, readdirSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/**
 * Every process now, by pid: its parent, its own CPU seconds (utime + stime), the CPU seconds of the
 * children it has reaped (cutime + cstime), and its start time (a pid with a new start is a new process).
 */
export function processTable() {
  const rows = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      rows.set(Number(entry), {
        ppid: Number(fields[1]),
        cpu: (Number(fields[11]) + Number(fields[12])) / TICK,
        reaped: (Number(fields[13]) + Number(fields[14])) / TICK,
        start: fields[19],
      });
    } catch {
      // gone meanwhile
    }
  }
  return rows;
}

/** The pids in `roots` and every process under them in `rows` (a processTable()). */
export function withDescendants(rows, roots) {
  const inTree = new Set(roots);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, { ppid }] of rows)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grown = true;
      }
  }
  return inTree;
}

/** utime + stime (+ reaped children's) of the processes under `pid` (not `pid` itself), in seconds. */
export function treeCpu(pid) {
  const rows = processTable();
  const inTree = withDescendants(rows, [pid]);
  inTree.delete(pid);
  let seconds = 0;
  for (const p of inTree) {
    const row = rows.get(p);
    if (row) seconds += row.cpu + row.reaped;
  }
  return seconds;
}
