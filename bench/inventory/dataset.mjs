// The inventory data set, shared by the benchmarks that need it (bench/inventory, bench/reports):
// ITEMS items across COMPANIES companies (the first holds half), three events each, seeded straight
// into the database (SQL generate_series, as the app role bound to each company), then ANALYZE;
// and the production API started on that database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const apiDir = path.join(here, '..', '..', 'api');
export const dist = (p) => import(pathToFileURL(path.join(apiDir, 'dist', p)).href);

const { openDatabase } = await dist('db/database.js');
const { migrate } = await dist('db/migrations.js');
const { inTenant } = await dist('db/tenant.js');
const { createCompanyWithOwner } = await dist('modules/auth/accounts.js');
const { hashPassword } = await dist('lib/passwords.js');
const { activatePremium } = await dist('modules/subscriptions/service.js');

/** Opens (and migrates) the database, seeds it; answers the open database and the companies made. */
export async function seed({ databaseUrl, dataDir, items: ITEMS, companies: COMPANIES, password: PASSWORD, log }) {
  const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : `${dataDir}/pglite` });
  await migrate(db);
  const hash = await hashPassword(PASSWORD);
  const stamp = Date.now().toString(36);
  const companies = [];
  const started = Date.now();
  for (let c = 0; c < COMPANIES; c++) {
    const n = c === 0 ? Math.floor(ITEMS / 2) : Math.floor(ITEMS / 2 / Math.max(1, COMPANIES - 1));
    const userName = `bench${stamp}c${c}`;
    const { companyId } = await createCompanyWithOwner(
      db,
      { companyName: `Bench ${c}` },
      {
        userName,
        email: `${userName}@bench.local`,
        firstName: 'B',
        lastName: 'C',
        passwordHash: hash,
        emailVerified: true,
      },
    );
    await activatePremium(db, companyId, 'month', new Date(Date.now() + 30 * 86_400_000));
    await inTenant(db, companyId, async (q) => {
      await q.query(
        `INSERT INTO locations (company_id, name, kind) SELECT $1, 'Location ' || g, 'store' FROM generate_series(1, 5) g`,
        [companyId],
      );
      await q.query(`INSERT INTO brands (company_id, name) SELECT $1, 'Brand ' || g FROM generate_series(1, 6) g`, [
        companyId,
      ]);
      await q.query(
        `INSERT INTO item_types (company_id, name, warranty_months) SELECT $1, 'Type ' || g, 12 FROM generate_series(1, 4) g`,
        [companyId],
      );
      await q.query(
        `INSERT INTO customers (company_id, name) SELECT $1, 'Customer ' || g FROM generate_series(1, 20) g`,
        [companyId],
      );
      // In chunks, so one statement never holds millions of rows in memory.
      for (let from = 1; from <= n; from += 50_000) {
        const to = Math.min(n, from + 49_999);
        await q.query(
          `WITH refs AS (
             SELECT (SELECT array_agg(id ORDER BY name) FROM locations) AS locs,
                    (SELECT array_agg(id ORDER BY name) FROM brands) AS brands,
                    (SELECT array_agg(id ORDER BY name) FROM item_types) AS types,
                    (SELECT array_agg(id ORDER BY name) FROM customers) AS customers,
                    (SELECT array_agg(id) FROM transaction_types WHERE built_in_key IN ('receive', 'move', 'sell')) AS tts,
                    (SELECT id FROM users LIMIT 1) AS owner),
           made AS (
             INSERT INTO items (company_id, serial, item_type_id, brand_id, model, location_id, status, cost, sale_price,
                                customer_id, received_at, sold_at, warranty_months, warranty_ends_at, version, updated_at)
             SELECT $1, 'SN-' || lpad(g::text, 8, '0'), types[1 + g % 4], brands[1 + g % 6], 'Model ' || (g % 40),
                    locs[1 + g % 5], CASE WHEN g % 10 < 6 THEN 'in_stock' WHEN g % 10 < 9 THEN 'sold' ELSE 'in_process' END,
                    100, 150, CASE WHEN g % 10 BETWEEN 6 AND 8 THEN customers[1 + g % 20] END,
                    now() - make_interval(mins => g), CASE WHEN g % 10 BETWEEN 6 AND 8 THEN now() - make_interval(mins => g / 2) END,
                    12, CASE WHEN g % 10 BETWEEN 6 AND 8 THEN now() + interval '6 months' END, 3, now() - make_interval(mins => g / 3)
               FROM refs, generate_series($2::int, $3::int) g
             RETURNING id, location_id, status, customer_id, received_at)
           INSERT INTO item_events (company_id, item_id, item_version, kind, transaction_type_id, from_location_id, to_location_id,
                                    from_status, to_status, customer_id, user_id, created_at)
           SELECT $1, m.id, v, CASE v WHEN 1 THEN 'receive' WHEN 2 THEN 'move' ELSE CASE WHEN m.status = 'sold' THEN 'sell' ELSE 'move' END END,
                  NULL, CASE WHEN v > 1 THEN m.location_id END, m.location_id, CASE WHEN v > 1 THEN 'in_stock' END,
                  CASE WHEN v = 3 THEN m.status ELSE 'in_stock' END, CASE WHEN v = 3 THEN m.customer_id END, refs.owner,
                  m.received_at + make_interval(mins => v)
             FROM made m, refs, generate_series(1, 3) v`,
          [companyId, from, to],
        );
      }
    });
    companies.push({ companyId, userName, items: n });
    if (c === 0 || (c + 1) % 10 === 0)
      log(`seeded ${c + 1}/${COMPANIES} companies (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.query('ANALYZE');
  return { db, companies, seconds: (Date.now() - started) / 1000 };
}

/**
 * A data set seeded by an earlier run (BENCH_REUSE=1 with the same DATABASE_URL, or the same
 * BENCH_DATA_DIR for PGlite): seeding a million items takes minutes on a quiet machine and much
 * longer on a busy one, so a measurement can wait for a quiet moment without seeding again.
 * Answers the companies largest first, as seed() does, and how many sales each already made (the
 * next in-stock serials to sell come after those).
 */
export async function reuse({ databaseUrl, dataDir }) {
  const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : `${dataDir}/pglite` });
  await migrate(db);
  const companies = await db.query(
    // Only the seeded serials: the receptions an earlier run timed added others.
    `SELECT i.company_id AS "companyId", count(*) FILTER (WHERE i.serial LIKE 'SN-%')::int AS items,
            (SELECT u.user_name FROM users u WHERE u.company_id = i.company_id AND u.user_name LIKE 'bench%'
              ORDER BY u.user_name LIMIT 1) AS "userName",
            (SELECT count(*)::int FROM sale_lines l WHERE l.company_id = i.company_id) AS sold
       FROM items i GROUP BY i.company_id ORDER BY 2 DESC`,
  );
  if (!companies.length) throw new Error('BENCH_REUSE: this database holds no seeded items');
  return { db, companies, seconds: 0 };
}

/** The production build on that database (PGlite: close it first, one process at a time). */
export async function startApi({ databaseUrl, dataDir, port: PORT, env = {}, stdio = 'inherit' }) {
  const base = `http://127.0.0.1:${PORT}`;
  // API_NODE_ARGS: extra node flags for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(apiDir, 'dist', 'main.js')], {
    env: {
      ...process.env,
      API_PORT: String(PORT),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'ignore', stdio],
  });
  // API_START_SECONDS: how long to wait for it (60 s; a loaded machine may need more, PGlite most).
  const tries = Number(process.env.API_START_SECONDS ?? 60) * 5;
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('API did not start');
}
