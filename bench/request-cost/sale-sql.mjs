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
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { captureRequest, preparedLines, simpleLine } from './capture.mjs';

/**
 * Runs `sell()` (one sale through the API) with every statement logged, and answers what its
 * transaction's connection sent: the entry, then each prepared statement with its parameters.
 */
export async function captureSale({ logFile, psql, sell }) {
  const steps = await captureRequest({ logFile, psql, send: sell, first: /^BEGIN; .*stockwise_enter\(/s });
  const captured = { entry: steps[0].text, statements: [], commitAt: -1 };
  for (const step of steps.slice(1)) {
    if (step.kind === 'simple' && step.text === 'COMMIT') captured.commitAt = captured.statements.length;
    else if (step.kind === 'execute') captured.statements.push({ sql: step.sql, params: step.params });
    else break; // the next request's
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
  const { prepare, execute } = preparedLines(captured.statements, 'bench_sale', swap);
  return [
    ...prepare,
    '\\set k :client_id + 20 * :n',
    `SELECT id AS item, location_id AS loc, serial_key AS key, gen_random_uuid() AS sale FROM items WHERE company_id = '${company}' AND serial_key = ${next} \\gset`,
    simpleLine(entry ?? captured.entry),
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
