#!/usr/bin/env node
// The page's main-thread tasks in Lighthouse's observed traces (run.mjs with LHR_DIR): what the
// simulated TBT multiplies (4× on the mobile preset). Per trace, each task of at least MIN_CPU ms
// of CPU time with its style, layout, paint, parse and script parts, and the layouts (how many
// layout objects each one laid out). CPU (thread) time is printed beside wall time: on a loaded
// machine wall time inflates many times over, CPU time much less. `sim` is what Lighthouse's
// simulation makes of the task (its wall time × 4, × 2 if it lays out; only the part over 50 ms
// after first contentful paint counts as blocking), `sim@cpu` the same from its CPU time.
//   node bench/lighthouse/tasks.mjs /tmp/lhr/root-1.trace.json …   (MIN_CPU=2 by default)
//   BY_KIND=1 node bench/lighthouse/tasks.mjs /tmp/lhr/_contact_us-*.trace.json   → one table over all the
//     traces: every task grouped by what it does, its wall and CPU time, and the largest `sim@cpu`
import { readFileSync } from 'node:fs';
import { pageMainThread } from './trace.mjs';

const MIN_CPU = Number(process.env.MIN_CPU || 2);
const PARTS = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'EvaluateScript', 'FunctionCall'];
const ms = (us) => (us ?? 0) / 1000;

const BY_KIND = Boolean(process.env.BY_KIND);
const kinds = new Map();

/** What a task does, by the first of these it contains. */
function kindOf(has) {
  if (has('DocumentLoader::CommitNavigation')) return 'navigation commit';
  if (has('ParseHTML')) return has('Layout') ? 'parse + style and layout' : 'parse';
  if (has('Layout')) return 'frame that lays out';
  if (has('Paint') || has('PrePaint') || has('Commit')) return 'frame, paint only';
  if (has('FireIdleCallback')) return 'idle callback';
  if (has('EvaluateScript')) return 'script evaluation';
  if (has('FunctionCall')) return 'event or callback';
  return 'other';
}

for (const file of process.argv.slice(2)) {
  const events = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
  const { nav, onMain } = pageMainThread(events);
  const mine = onMain.filter((e) => e.ph === 'X' && e.dur != null);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid);
  const at = (e) =>
    ms(e.ts - nav.ts)
      .toFixed(0)
      .padStart(6);
  if (BY_KIND) {
    for (const task of mine.filter((e) => e.name === 'RunTask' && e.ts >= nav.ts - 50_000)) {
      const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const has = (name) => inside.some((e) => e.name === name);
      const kind = kindOf(has);
      const k = kinds.get(kind) ?? { tasks: 0, wall: 0, cpu: 0, simCpu: 0 };
      k.tasks += 1;
      k.wall += ms(task.dur);
      k.cpu += ms(task.tdur);
      k.simCpu = Math.max(k.simCpu, ms(task.tdur) * (has('Layout') ? 2 : 4));
      kinds.set(kind, k);
    }
    continue;
  }
  console.log(`${file}: first contentful paint (observed) at ${fcp ? ms(fcp.ts - nav.ts).toFixed(0) : '?'} ms`);
  for (const task of mine.filter((e) => e.name === 'RunTask' && e.ts >= nav.ts - 50_000)) {
    if (ms(task.tdur) < MIN_CPU) continue;
    const inside = mine.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    const parts = PARTS.map((name) => [name, inside.filter((e) => e.name === name).reduce((s, e) => s + ms(e.tdur), 0)])
      .filter(([, cpu]) => cpu >= 0.3)
      .map(([name, cpu]) => `${name} ${cpu.toFixed(1)}`);
    const times = inside.some((e) => e.name === 'Layout') ? 2 : 4;
    const sim = `sim ${(ms(task.dur) * times).toFixed(0).padStart(4)}  sim@cpu ${(ms(task.tdur) * times).toFixed(0).padStart(3)}`;
    const when = fcp && task.ts + task.dur > fcp.ts ? 'after FCP ' : '          ';
    console.log(
      `  task ${at(task)} ms  wall ${ms(task.dur).toFixed(1).padStart(6)}  cpu ${ms(task.tdur).toFixed(1).padStart(5)}  ${sim}  ${when}${parts.join(', ')}`,
    );
  }
  for (const layout of mine.filter((e) => e.name === 'Layout' && e.ts >= nav.ts && e.args?.beginData?.dirtyObjects > 1))
    console.log(
      `  layout ${at(layout)} ms  cpu ${ms(layout.tdur).toFixed(1).padStart(5)}  ${layout.args.beginData.dirtyObjects} of ${layout.args.beginData.totalObjects} objects`,
    );
}

if (BY_KIND) {
  console.log('| task | tasks | wall ms | CPU ms | largest sim@cpu ms |\n|---|--:|--:|--:|--:|');
  for (const [kind, k] of [...kinds].sort((a, b) => b[1].cpu - a[1].cpu))
    console.log(`| ${kind} | ${k.tasks} | ${k.wall.toFixed(0)} | ${k.cpu.toFixed(0)} | ${k.simCpu.toFixed(0)} |`);
}
