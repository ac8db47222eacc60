// The database's own cost of a sale: the statements the API sent for one real sale, taken from
// PostgreSQL's log, replayed by pgbench with 20 clients, each transaction on another in-stock item.
// That rate is what the server could do for our sale with no API, HTTP or Node.js at all — the
// anchor that says how much of the gap to TPC-B is the sale's writes (indexes, triggers, events,
// row-level security) and how much is what the API adds.
//
// How it replays them: pgbench in simple mode, the API's prepared statements PREPAREd once per
// client and EXECUTEd with the sale's values as literals (so each keeps its cached, generic plan as
// the API's do); the opening BEGIN, plan mode and caller's entry as one compound command (one round
// trip, as the API sends them). The item's id, location and serial and a new sale id replace the
// captured sale's wherever they appear. Per transaction it reads one row more than the API (the
// next item to sell, by its serial, outside the transaction): a little more work than a sale, so
// the anchor errs low, never high.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Runs `sell()` (one sale through the API) with every statement logged, and answers what its
 * transaction's connection sent: the entry, then each prepared statement with its parameters.
 */
export async function captureSale({ logFile, psql, sell }) {
  const from = statSync(logFile).size; // the capture reads only what the log gains from here
  psql(`ALTER SYSTEM SET log_statement = 'all'`);
  psql('SELECT pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  try {
    await sell();
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
  const begin = entries.findIndex((e) => e.kind === 'LOG' && /^statement: BEGIN; .*stockwise_enter\(/s.test(e.text));
  if (begin < 0) throw new Error('the sale was not in the server log (log_statement did not take?)');
  const pid = entries[begin].pid;
  const mine = entries.slice(begin).filter((e) => e.pid === pid);
  const captured = { entry: mine[0].text.replace(/^statement: /, ''), statements: [], commitAt: -1 };
  for (let i = 1; i < mine.length; i++) {
    const e = mine[i];
    if (e.kind === 'LOG' && e.text === 'statement: COMMIT') captured.commitAt = captured.statements.length;
    else if (e.kind === 'LOG' && e.text.startsWith('execute ')) {
      const sql = e.text.replace(/^execute [^:]+: /s, '');
      const detail = mine[i + 1]?.kind === 'DETAIL' ? mine[i + 1].text : '';
      captured.statements.push({ sql, params: parameters(detail) });
    } else if (e.kind === 'LOG' && e.text.startsWith('statement: ')) break; // the next request's
  }
  if (captured.commitAt < 0 || captured.statements.length === 0) throw new Error('no COMMIT after the sale');
  return captured;
}

/** The in-stock item the capture sells (bench/inventory/dataset.mjs: a serial whose g ends in 2). */
export const CAPTURED_SERIAL = 'SN-00000002';

/**
 * The SQL expression of the serial key a replayed transaction sells, from pgbench's :k (each client
 * its own, `offset` past an earlier run's): the in-stock serials whose g ends in 2…5, which the
 * API's sellers in run.mjs (g ending in 1) and the capture (CAPTURED_SERIAL, :k = 0) never take.
 */
export const nextSerialKey = (offset = 0) =>
  `'sn-' || lpad((10 * ((:k + ${offset}) / 4) + 2 + (:k + ${offset}) % 4)::text, 8, '0')`;

/**
 * One sale of CAPTURED_SERIAL through the API at `base`, captured (captureSale): what pgbenchScript
 * needs besides the expression of the next serial — the statements, the item and the sale's id.
 */
export async function captureOneSale({ db, base, token, company, server }) {
  const [item] = await db.query(
    `SELECT id, location_id AS location, serial_key AS "serialKey" FROM items WHERE company_id = $1 AND serial = $2`,
    [company, CAPTURED_SERIAL],
  );
  let saleId = '';
  const captured = await captureSale({
    logFile: server.logFile,
    psql: server.psql,
    sell: async () => {
      const answer = await fetch(`${base}/api/sales`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ serial: CAPTURED_SERIAL, price: 9.5 }] }),
      });
      if (answer.status !== 201) throw new Error(`the captured sale answered ${answer.status}`);
      saleId = (await answer.json()).id;
    },
  });
  return { captured, item, saleId, company };
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
 * The pgbench script for the captured sale. `item` is the captured sale's item: its `id`,
 * `location` and `serialKey`, and the `saleId` it made; `company` the seller's company; `next`
 * the SQL expression of the next serial key to sell, from pgbench's :k. `entry` replaces the
 * captured opening (to weigh its checks); `afterCommit: false` leaves out what follows the COMMIT.
 */
export function pgbenchScript(captured, { item, saleId, company, next, entry, afterCommit = true }) {
  const swap = (text) =>
    text
      .replaceAll(item.id, ':item')
      .replaceAll(item.location, ':loc')
      .replaceAll(item.serialKey, ':key')
      .replaceAll(saleId, ':sale');
  const name = (i) => `bench_sale_${i}`;
  const prepare = captured.statements.map((s, i) => `PREPARE ${name(i)} AS ${s.sql.replace(/\s*\n\s*/g, ' ')};`);
  const execute = captured.statements.map(
    (s, i) =>
      `EXECUTE ${name(i)}(${s.params
        .slice(1)
        .map((p) => swap(p ?? 'NULL'))
        .join(', ')});`,
  );
  return [
    '\\set n :n + 1',
    '\\set k :client_id + 20 * :n',
    '\\if :n = 1',
    ...prepare,
    '\\endif',
    `SELECT id AS item, location_id AS loc, serial_key AS key, gen_random_uuid() AS sale FROM items WHERE company_id = '${company}' AND serial_key = ${next} \\gset`,
    `${(entry ?? captured.entry).replace(/\s*\n\s*/g, ' ').replaceAll('; ', ' \\; ')};`,
    ...execute.slice(0, captured.commitAt),
    'COMMIT;',
    ...(afterCommit ? execute.slice(captured.commitAt) : []),
    '',
  ].join('\n');
}

/** Writes the script beside the server's data and answers its path. */
export function writeScript(dir, script) {
  const file = path.join(dir, 'sale.pgbench');
  writeFileSync(file, script);
  return file;
}
