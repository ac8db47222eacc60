// Runs a command (the browser suite, the failover test) and samples the CPU of every process under
// it once a second from /proc: by role at the end (Chromium's renderers, GPU and browser processes,
// the Playwright workers, the API…), and as a timeline of cores used, so a run shows whether its
// two cores were full or waiting (on a clock, on one worker while the other had nothing left).
// A process's CPU is its last sample, so one that lives under a second is missed; the machine's
// own busy share (/proc/stat) is printed beside the timeline, as other engineers share it.
// Usage: node bench/ci/suite-cpu.mjs [--every 10] [--out file.json] -- <command> [args…]
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { processTable, withDescendants } from './tree-cpu.mjs';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 0) throw new Error('usage: node bench/ci/suite-cpu.mjs [--every s] [--out file] -- <command> [args…]');
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at < split ? args[at + 1] : fallback;
};
const every = Number(option('--every', '10'));
const out = option('--out', '');
const [command, ...commandArgs] = args.slice(split + 1);

/** What a process is, from its command line. */
function roleOf(cmdline) {
  if (/chrom/i.test(cmdline.split(' ')[0] ?? '')) {
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    return `chromium ${type ?? 'browser'}`;
  }
  if (/api\/dist\/main\.js/.test(cmdline)) return 'api';
  if (/playwright.*(workerMain|processHost|workerProcessEntry)|\/common\/process/.test(cmdline))
    return 'playwright worker';
  if (/playwright/.test(cmdline)) return 'playwright runner (with the gateway)';
  if (/pg_autoctl|postgres/.test(cmdline)) return /pg_autoctl/.test(cmdline) ? 'pg_autoctl' : 'postgres';
  if (/^node|\/node /.test(cmdline)) return `node ${cmdline.split(' ').slice(1, 3).join(' ')}`.slice(0, 80);
  return cmdline.split(' ')[0].split('/').pop() ?? '?';
}

function machineBusy() {
  const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = v[3] + v[4];
  return { busy: v.reduce((a, b) => a + b, 0) - idle, total: v.reduce((a, b) => a + b, 0) };
}

const child = spawn(command, commandArgs, { stdio: 'inherit' });
const seen = new Map(); // pid:start → { role, cpu }
const roots = new Set([child.pid]);
const started = Date.now();
const timeline = [];
let lastTotal = 0;
let lastMachine = machineBusy();
let lastMark = started;

function sample() {
  const rows = processTable();
  const inTree = withDescendants(rows, roots);
  for (const pid of inTree) {
    const row = rows.get(pid);
    if (!row) continue;
    const key = `${pid}:${row.start}`;
    let known = seen.get(key);
    if (!known) {
      let cmdline;
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      } catch {
        continue;
      }
      known = { role: roleOf(cmdline), cpu: 0 };
      seen.set(key, known);
    }
    known.cpu = row.cpu;
  }
  const total = [...seen.values()].reduce((sum, p) => sum + p.cpu, 0);
  const now = Date.now();
  if (now - lastMark >= every * 1000) {
    const machine = machineBusy();
    const seconds = (now - lastMark) / 1000;
    timeline.push({
      at: Math.round((now - started) / 1000),
      cores: (total - lastTotal) / seconds,
      machineCores: ((machine.busy - lastMachine.busy) / (machine.total - lastMachine.total)) * 2,
      load: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
    });
    lastTotal = total;
    lastMachine = machine;
    lastMark = now;
  }
  return total;
}

const timer = setInterval(sample, 1000);
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
clearInterval(timer);
const wall = (Date.now() - started) / 1000;
const byRole = new Map();
for (const { role, cpu } of seen.values()) byRole.set(role, (byRole.get(role) ?? 0) + cpu);
const total = [...byRole.values()].reduce((a, b) => a + b, 0);
console.log(
  `\n[suite-cpu] exit ${code}, ${wall.toFixed(0)} s wall, ${total.toFixed(1)} CPU s (${(total / wall).toFixed(2)} cores)`,
);
for (const [role, cpu] of [...byRole].sort((a, b) => b[1] - a[1]))
  console.log(`[suite-cpu]   ${cpu.toFixed(1).padStart(7)}  ${role}`);
console.log('[suite-cpu] timeline (s: cores of this run / cores busy machine-wide / load):');
console.log(
  timeline.map((t) => `${t.at}:${t.cores.toFixed(2)}/${t.machineCores.toFixed(2)}/${t.load.toFixed(0)}`).join(' '),
);
if (out) writeFileSync(out, JSON.stringify({ wall, total, byRole: Object.fromEntries(byRole), timeline }, null, 1));
process.exit(code);
