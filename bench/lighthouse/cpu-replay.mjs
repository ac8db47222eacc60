#!/usr/bin/env node
// Lighthouse's simulated TBT with the load taken out: audits the artifacts run.mjs gathered
// (ARTIFACTS_DIR) twice — as observed, and with every task of the page's main thread shortened
// to the CPU time its thread actually ran. The simulation multiplies each observed task's *wall*
// time (4× on the mobile preset, 2× for a task that lays out), so on a loaded machine a task that
// waited for a core counts as blocking; at CPU time it counts what the page itself costs, which
// is what a quiet machine measures (wall ≈ CPU), and it can be compared between two builds run
// at different loads. FACTORS=1,1.25,1.5 also replays each task at that multiple of its CPU time
// (never more than its wall time): which tasks cross 50 ms first when a task waits a little.
//   ARTIFACTS_DIR=/tmp/lha ROUTES=/contact-us node bench/lighthouse/run.mjs
//   node bench/lighthouse/cpu-replay.mjs /tmp/lha/_contact_us-1 …
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { pageMainThread } from './trace.mjs';

const TRACE = 'defaultPass.trace.json';
const FACTORS = (process.env.FACTORS ?? '1').split(',').map(Number);

/**
 * The trace with each task of the main frame's renderer main thread (and everything inside it)
 * shrunk in place to `factor` × its CPU time (at most its wall time): its start stays.
 */
function atCpuTime(trace, factor) {
  const events = trace.traceEvents;
  const { onMain } = pageMainThread(events);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 0 && e.tdur != null);
  for (const task of tasks) {
    const ratio = Math.min(1, (factor * task.tdur) / task.dur);
    const start = task.ts;
    const end = task.ts + task.dur;
    for (const e of onMain) {
      if (e === task || e.ts < start || e.ts > end) continue;
      e.ts = start + Math.round((e.ts - start) * ratio);
      if (e.dur != null) e.dur = Math.max(0, Math.round(e.dur * ratio));
    }
    task.dur = Math.max(1, Math.round(task.dur * ratio));
  }
  return trace;
}

async function audit(dir) {
  const { lhr } = await lighthouse(undefined, { auditMode: dir, onlyCategories: ['performance'], logLevel: 'error' });
  const a = lhr.audits;
  return {
    tbt: a['total-blocking-time'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    score: Math.round(lhr.categories.performance.score * 100),
    long: (a['long-tasks'].details?.items ?? []).map(
      (t) =>
        `${t.url.replace(/^https?:\/\/[^/]+/, '') || '/'} @${Math.round(t.startTime)} ${Math.round(t.duration)} ms`,
    ),
  };
}

for (const dir of process.argv.slice(2)) {
  const results = [['observed', await audit(dir)]];
  const copy = mkdtempSync(join(tmpdir(), 'stockwise-cpu-replay-'));
  try {
    cpSync(dir, copy, { recursive: true });
    const original = readFileSync(join(dir, TRACE), 'utf8');
    for (const factor of FACTORS) {
      writeFileSync(join(copy, TRACE), JSON.stringify(atCpuTime(JSON.parse(original), factor)));
      results.push([`CPU × ${factor}`, await audit(copy)]);
    }
    console.log(`${dir}`);
    for (const [label, r] of results)
      console.log(
        `  ${label.padEnd(11)} TBT ${Math.round(r.tbt).toString().padStart(5)} ms  FCP ${Math.round(r.fcp)} ms  score ${r.score}  long tasks: ${r.long.join('; ') || 'none'}`,
      );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
