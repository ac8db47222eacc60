// The database's side of a reception of 1,000 serials: the items' insert as the API sends it
// (`insertItems`, one statement), in a transaction of the app role bound to the company, timed from
// one connection — with the search rows written per statement (migration 0045) and, alternated in
// the same run, per row as before it. Each round times 15 receptions and takes the median.
//
// Usage (from the repo root; the API's migrations are read from api/migrations):
//   node bench/inventory/reception-insert.mjs
//   ITEMS=1000000 ROUNDS=3 node bench/inventory/reception-insert.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDir, seed } from './dataset.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..', '..');
const pg = createRequire(path.join(apiDir, 'package.json'))('pg');
const ITEMS = Number(process.env.ITEMS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54394);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const pgDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-rx-pg-'));
const pgEnv = { ...process.env, PG_TEST_DIR: pgDir, PG_TEST_PORT: String(PG_PORT) };
const server = (cmd) =>
  execFileSync(path.join(repo, 'scripts', 'postgres-server.sh'), [cmd], { env: pgEnv, encoding: 'utf8' }).trim();
const databaseUrl = server('start');
const psql = (sql) =>
  execFileSync(
    `${BIN}/psql`,
    ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-d', new URL(databaseUrl).pathname.slice(1)],
    { input: `\\set ON_ERROR_STOP 1\n${sql}`, stdio: ['pipe', 'ignore', 'inherit'] },
  );
// The two ways of writing a new item's search row (migration 0045 and the one before it).
const PER_STATEMENT = `DROP TRIGGER items_search_words ON items;
  CREATE TRIGGER items_search_words_added AFTER INSERT ON items REFERENCING NEW TABLE AS new_items
    FOR EACH STATEMENT EXECUTE FUNCTION stockwise_item_search_add();
  CREATE TRIGGER items_search_words AFTER UPDATE OF serial, model, sku, received_at ON items
    FOR EACH ROW EXECUTE FUNCTION stockwise_item_search_keep();`;
const PER_ROW = `DROP TRIGGER items_search_words_added ON items; DROP TRIGGER items_search_words ON items;
  CREATE TRIGGER items_search_words AFTER INSERT OR UPDATE OF serial, model, sku, received_at ON items
    FOR EACH ROW EXECUTE FUNCTION stockwise_item_search_keep();`;

const rows = [];
try {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-rx-'));
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
  await db.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
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
    await client.query(
      `BEGIN; SELECT set_config('role', 'stockwise_app', true), set_config('app.company_id', '${company}', true)`,
    );
    // The statement of api/src/modules/items/queries.ts, insertItems.
    await client.query(
      `INSERT INTO items (company_id, serial, item_type_id, location_id, status, brand_id, model, model_id, sku, vendor_id,
          cost, sale_price, warranty_months, fields, images)
       SELECT $1, x.serial, x."itemTypeId", x."locationId", 'in_stock', x."brandId", x.model, x."modelId", x.sku,
              x."vendorId", x.cost, x."salePrice", x."warrantyMonths", x.fields,
              ARRAY(SELECT jsonb_array_elements_text(x.images))
         FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (serial text, "itemTypeId" uuid, "locationId" uuid,
                "brandId" uuid, model text, "modelId" uuid, sku text, "vendorId" uuid, cost numeric, "salePrice" numeric,
                "warrantyMonths" integer, fields jsonb, images jsonb)) WITH ORDINALITY AS x
        ORDER BY x.ordinality
       RETURNING id`,
      [company, JSON.stringify(items)],
    );
    await client.query('COMMIT');
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
    psql(PER_ROW);
    await round('search rows per row (before 0045)');
    psql(PER_STATEMENT);
  }
  // Every received item has its search row, either way.
  const [missing] = (
    await client.query(
      `SELECT count(*)::int AS n FROM items i WHERE i.serial LIKE 'RXB-%'
          AND NOT EXISTS (SELECT 1 FROM item_search s WHERE s.company_id = i.company_id AND s.item_id = i.id)`,
    )
  ).rows;
  if (missing.n) throw new Error(`${missing.n} received items have no search row`);
  await client.end();
} finally {
  server('stop');
}

console.log(`### A reception's insert of 1,000 items (${new Date().toISOString().slice(0, 16)} UTC)

\`node bench/inventory/reception-insert.mjs\` with ITEMS=${ITEMS} ROUNDS=${ROUNDS}; load average at the end ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ')}. PostgreSQL 15, default settings; 15 receptions a round, in order.

| round | median ms | min | max |
| --- | ---: | ---: | ---: |
${rows.map((r) => `| ${r.label} | ${r.median.toFixed(1)} | ${r.min.toFixed(1)} | ${r.max.toFixed(1)} |`).join('\n')}
`);
process.exit(0);
