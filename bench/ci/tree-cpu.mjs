// The CPU of a process's descendants, read from /proc (the benches' browsers: Chromium's renderers
// are reaped by its own processes, so their CPU never reaches the process that launched it).
import { readFileSync, readdirSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** utime + stime (+ reaped children's) of the processes under `pid` (not `pid` itself), in seconds. */
export function treeCpu(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), {
        ppid: Number(fields[1]),
        cpu: fields.slice(11, 15).reduce((a, b) => a + Number(b), 0),
      });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = new Set([pid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [p, { ppid }] of parents)
      if (!inTree.has(p) && inTree.has(ppid)) {
        inTree.add(p);
        grown = true;
      }
  }
  inTree.delete(pid);
  return [...inTree].reduce((sum, p) => sum + (parents.get(p)?.cpu ?? 0), 0) / TICK;
}
