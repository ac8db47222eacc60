#!/usr/bin/env node
// The page's main-thread tasks in Lighthouse's observed traces (run.mjs with LHR_DIR): what the
// simulated TBT multiplies (4× on the mobile preset). Per trace, each task of at least MIN_CPU ms
// of CPU time with its style, layout, paint, parse and script parts, and the layouts (how many
// layout objects each one laid out). CPU (thread) time is printed beside wall time: on a loaded
// machine wall time inflates many times over, CPU time much less.
//   node bench/lighthouse/tasks.mjs /tmp/lhr/root-1.trace.json …   (MIN_CPU=2 by default)
import { readFileSync } from 'node:fs';

const MIN_CPU = Number(process.env.MIN_CPU || 2);
const PARTS = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'EvaluateScript', 'FunctionCall'];
const ms = (us) => (us ?? 0) / 1000;

for (const file of process.argv.slice(2)) {
  const events = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const main = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain');
  const mine = events.filter((e) => e.pid === nav.pid && e.tid === main.tid && e.ph === 'X' && e.dur != null);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid);
  const at = (e) =>
    ms(e.ts - nav.ts)
      .toFixed(0)
      .padStart(6);
  console.log(`${file}: first contentful paint (observed) at ${fcp ? ms(fcp.ts - nav.ts).toFixed(0) : '?'} ms`);
  for (const task of mine.filter((e) => e.name === 'RunTask' && e.ts >= nav.ts - 50_000)) {
    if (ms(task.tdur) < MIN_CPU) continue;
    const inside = mine.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    const parts = PARTS.map((name) => [name, inside.filter((e) => e.name === name).reduce((s, e) => s + ms(e.tdur), 0)])
      .filter(([, cpu]) => cpu >= 0.3)
      .map(([name, cpu]) => `${name} ${cpu.toFixed(1)}`);
    console.log(
      `  task ${at(task)} ms  wall ${ms(task.dur).toFixed(1).padStart(6)}  cpu ${ms(task.tdur).toFixed(1).padStart(5)}  ${parts.join(', ')}`,
    );
  }
  for (const layout of mine.filter((e) => e.name === 'Layout' && e.ts >= nav.ts && e.args?.beginData?.dirtyObjects > 1))
    console.log(
      `  layout ${at(layout)} ms  cpu ${ms(layout.tdur).toFixed(1).padStart(5)}  ${layout.args.beginData.dirtyObjects} of ${layout.args.beginData.totalObjects} objects`,
    );
}
