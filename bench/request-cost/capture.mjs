// What one request sent to PostgreSQL, taken from the server's own log, and the same statements as a
// pgbench script: the anchors that replay a request's statements without the API (sale-sql.mjs and
// run.mjs by pgbench, replay-server.mjs behind a bare Fastify) start from it.
import { readFileSync, statSync } from 'node:fs';

/**
 * Runs `send()` (one request through the API) with every statement logged, and answers what the
 * connection that sent the first statement matching `first` sent from there on, in order: simple
 * statements as `{ kind: 'simple', text }`, prepared ones as `{ kind: 'execute', sql, params }`
 * with `params[n]` the SQL literal of `$n`. `send` must be the only request in flight.
 */
export async function captureRequest({ logFile, psql, send, first }) {
  const from = statSync(logFile).size; // the capture reads only what the log gains from here
  psql(`ALTER SYSTEM SET log_statement = 'all'`);
  psql('SELECT pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  try {
    await send();
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    psql('ALTER SYSTEM RESET log_statement');
    psql('SELECT pg_reload_conf()');
  }
  const text = readFileSync(logFile, 'utf8').slice(from);
  // One entry a logged line, its continuation lines (a tab first) joined back.
  const entries = [];
  for (const line of text.split('\n')) {
    const head = /^\S+ \S+ \S+ \[(\d+)\] (LOG|DETAIL): {2}(.*)$/.exec(line);
    if (head) entries.push({ pid: head[1], kind: head[2], text: head[3] });
    else if (line.startsWith('\t') && entries.length) entries.at(-1).text += `\n${line.slice(1)}`;
  }
  const steps = [];
  let pid = null;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.kind !== 'LOG' || (pid !== null && e.pid !== pid)) continue;
    let step = null;
    if (e.text.startsWith('statement: ')) step = { kind: 'simple', text: e.text.slice('statement: '.length) };
    else if (e.text.startsWith('execute ')) {
      const detail = entries[i + 1]?.kind === 'DETAIL' && entries[i + 1].pid === e.pid ? entries[i + 1].text : '';
      step = { kind: 'execute', sql: e.text.replace(/^execute [^:]+: /s, ''), params: parameters(detail) };
    }
    if (!step) continue;
    if (pid === null) {
      if (!first.test(step.kind === 'simple' ? step.text : step.sql)) continue;
      pid = e.pid;
    }
    steps.push(step);
  }
  if (steps.length === 0)
    throw new Error(`no statement matching ${first} in the server log (log_statement did not take?)`);
  return steps;
}

/** `$1 = 'a', $2 = NULL, …` as SQL literals ('…' kept quoted, NULL as is), by number. */
function parameters(detail) {
  const list = detail.replace(/^parameters: /, '');
  const out = [];
  const re = /\$(\d+) = ('(?:[^']|'')*'|NULL)(?:, |$)/gy;
  for (let m = re.exec(list); m; m = re.exec(list)) out[Number(m[1])] = m[2];
  return out;
}

/**
 * The lines of a pgbench script (simple mode, `-D n=0`) that PREPARE `statements` once per client,
 * named `${prefix}_${i}`, and EXECUTE them with their captured values, each through `swap` (a
 * value's text → the script's text, to put pgbench variables in). Prepared, each keeps its cached
 * plan as the API's named statements do.
 */
export function preparedLines(statements, prefix, swap = (text) => text) {
  const name = (i) => `${prefix}_${i}`;
  return {
    prepare: [
      '\\set n :n + 1',
      '\\if :n = 1',
      ...statements.map((s, i) => `PREPARE ${name(i)} AS ${oneLine(s.sql)};`),
      '\\endif',
    ],
    execute: statements.map((s, i) => {
      const values = s.params.slice(1).map((p) => swap(p ?? 'NULL'));
      return `EXECUTE ${name(i)}${values.length ? `(${values.join(', ')})` : ''};`;
    }),
  };
}

/** A simple statement (several, `;`-separated, sent as one) as one pgbench command. */
export const simpleLine = (text) => `${oneLine(text).replaceAll('; ', ' \\; ')};`;

const oneLine = (text) => text.replace(/\s*\n\s*/g, ' ');

/** A captured request's steps as a pgbench script: each transaction sends them as the API did. */
export function replayScript(steps) {
  const statements = steps.filter((step) => step.kind === 'execute');
  const { prepare, execute } = preparedLines(statements, 'replay');
  let next = 0;
  return [
    ...prepare,
    ...steps.map((step) => (step.kind === 'simple' ? simpleLine(step.text) : execute[next++])),
    '',
  ].join('\n');
}
