// The database's side of a reception of 1,000 serials: the items' insert as the API sends it
// (`insertItems`, one statement), in a transaction of the app role bound to the company
// (`inTenant`, as the API's work runs) — with the search rows written per statement (migration
// 0045) and, alternated in the same run, per row as before it. Each round times 15 receptions and
// takes the median. On PostgreSQL (a fresh server of its own), or with PGLITE=1 on the embedded
// default.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   node bench/inventory/reception-insert.mjs
//   ITEMS=1000000 ROUNDS=3 node bench/inventory/reception-insert.mjs
//   PGLITE=1 ITEMS=50000 node bench/inventory/reception-insert.mjs
import os from 'node:os';
import { freshServer } from '../lib/postgres.mjs';
import { scratchDir } from '../lib/scratch.mjs';
import { dist, seed } from './dataset.mjs';

const { inTenant } = await dist('db/tenant.js');
const { insertItems } = await dist('modules/items/queries.js');
const PGLITE = process.env.PGLITE === '1';
const ITEMS = Number(process.env.ITEMS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54394);

const server = PGLITE ? null : freshServer(PG_PORT, 'rx');
const databaseUrl = server?.databaseUrl ?? null;
// The two ways of writing a new item's search row (migration 0045 and the one before it).
const PER_STATEMENT = [
  'DROP TRIGGER items_search_words ON items',
  `CREATE TRIGGER items_search_words_added AFTER INSERT ON items REFERENCING NEW TABLE AS new_items
    FOR EACH STATEMENT EXECUTE FUNCTION stockwise_item_search_add()`,
  `CREATE TRIGGER items_search_words AFTER UPDATE OF serial, model, sku, received_at ON items
    FOR EACH ROW EXECUTE FUNCTION stockwise_item_search_keep()`,
];
const PER_ROW = [
  'DROP TRIGGER items_search_words_added ON items',
  'DROP TRIGGER items_search_words ON items',
  `CREATE TRIGGER items_search_words AFTER INSERT OR UPDATE OF serial, model, sku, received_at ON items
    FOR EACH ROW EXECUTE FUNCTION stockwise_item_search_keep()`,
];

const rows = [];
try {
  const dataDir = scratchDir('rx');
  const { db, companies } = await seed({
    databaseUrl,
    dataDir,
    items: ITEMS,
    companies: 10,
    password: 'bench-password-1',
    log: (...a) => console.error('[reception-insert]', ...a),
  });
  const company = companies[0].companyId;
  const [refs] = await db.query(
    `SELECT (SELECT id FROM item_types WHERE company_id = $1 LIMIT 1) AS type,
            (SELECT id FROM locations WHERE company_id = $1 LIMIT 1) AS location`,
    [company],
  );
  const change = async (statements) => {
    for (const sql of statements) await db.query(sql);
  };
  let next = 0;
  const reception = async () => {
    const items = Array.from({ length: 1000 }, () => ({
      serial: `RXB-${String(next++).padStart(7, '0')}`,
      itemTypeId: refs.type,
      locationId: refs.location,
      model: 'Model R',
      cost: 1,
      salePrice: 2,
      warrantyMonths: 0,
      fields: {},
      images: [],
    }));
    const started = process.hrtime.bigint();
    // The API's own write of a reception's items.
    await inTenant(db, company, (q) => insertItems(q, company, items));
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const round = async (label) => {
    await reception(); // the plan after the trigger change
    const times = [];
    for (let i = 0; i < 15; i++) times.push(await reception());
    times.sort((a, b) => a - b);
    rows.push({ label, median: times[7], min: times[0], max: times[14] });
  };
  await reception();
  for (let r = 0; r < ROUNDS; r++) {
    await round('search rows per statement (0045)');
    await change(PER_ROW);
    await round('search rows per row (before 0045)');
    await change(PER_STATEMENT);
  }
  // Every received item has its search row, either way.
  const [missing] = await db.query(
    `SELECT count(*)::int AS n FROM items i WHERE i.serial LIKE 'RXB-%'
        AND NOT EXISTS (SELECT 1 FROM item_search s WHERE s.company_id = i.company_id AND s.item_id = i.id)`,
  );
  if (missing.n) throw new Error(`${missing.n} received items have no search row`);
  await db.close();
} finally {
  server?.stop();
}

console.log(`### A reception's insert of 1,000 items (${new Date().toISOString().slice(0, 16)} UTC)

\`${PGLITE ? 'PGLITE=1 ' : ''}node bench/inventory/reception-insert.mjs\` with ITEMS=${ITEMS} ROUNDS=${ROUNDS}; load average at the end ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(
    ', ',
  )}. ${PGLITE ? 'PGlite (the embedded default)' : 'PostgreSQL 15, default settings'}; 15 receptions a round, in order.

| round | median ms | min | max |
| --- | ---: | ---: | ---: |
${rows.map((r) => `| ${r.label} | ${r.median.toFixed(1)} | ${r.min.toFixed(1)} | ${r.max.toFixed(1)} |`).join('\n')}
`);
process.exit(0);
