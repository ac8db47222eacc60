// CPU per request without contention, with many samples: one client, N serial lookups then N/2 sales
// (each the next in-stock serial) against a 10,000-item company, and the API's and PostgreSQL's CPU
// time per request from /proc. Comparing two builds this way is steadier than the 20-seller run.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`; an empty database):
//   DATABASE_URL=postgres://…/empty_db BENCH_PORT=8192 N=3000 node bench/inventory/sequential.mjs
// PostgreSQL's figure is the sum over the server's processes: nothing else may use that server meanwhile.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { seed, startApi } from './dataset.mjs';

const N = Number(process.env.N ?? 3000);
const PORT = Number(process.env.BENCH_PORT ?? 8192);
const PASSWORD = 'bench-password-1';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: an empty PostgreSQL database');

const cpu = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, USER_HZ = 100
};
const parentOf = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return 0;
  }
};

const { db, companies } = await seed({
  databaseUrl,
  dataDir: os.tmpdir(),
  items: 20_000,
  companies: 2,
  password: PASSWORD,
  log: () => undefined,
});
const child = await startApi({ databaseUrl, dataDir: os.tmpdir(), port: PORT });
const [{ pid }] = await db.query('SELECT pg_backend_pid() AS pid');
const postmaster = parentOf(pid);
const postgresCpu = () => {
  let sum = 0;
  for (const d of readdirSync('/proc'))
    if (/^\d+$/.test(d) && parentOf(Number(d)) === postmaster) {
      try {
        sum += cpu(Number(d));
      } catch {
        // the process ended meanwhile
      }
    }
  return sum;
};

const base = `http://127.0.0.1:${PORT}`;
const big = companies[0];
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: big.userName, password: PASSWORD }),
});
const auth = { authorization: `Bearer ${(await login.json()).token}` };
const serial = () => `SN-${String(1 + Math.floor(Math.random() * big.items)).padStart(8, '0')}`;

async function per(n, request) {
  const before = { api: cpu(child.pid), db: postgresCpu(), at: Date.now() };
  for (let i = 0; i < n; i++) {
    const res = await request(i);
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  const f = (x) => (x / n).toFixed(2);
  return { api: f(cpu(child.pid) - before.api), db: f(postgresCpu() - before.db), wall: f(Date.now() - before.at) };
}

for (let i = 0; i < 200; i++)
  await (await fetch(`${base}/api/items/by-serial/${serial()}`, { headers: auth })).arrayBuffer();
const lookup = await per(N, () => fetch(`${base}/api/items/by-serial/${serial()}`, { headers: auth }));
const sales = Math.min(Math.floor(N / 2), Math.floor(big.items / 10) - 1);
const sale = await per(sales, (k) =>
  fetch(`${base}/api/sales`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ serial: `SN-${String(10 * k + 1).padStart(8, '0')}`, price: 9.5 }] }),
  }),
);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await db.close();
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
console.log(
  `Sequential, one client: serial lookup (${N}) — API ${lookup.api} ms, PostgreSQL ${lookup.db} ms CPU, ${lookup.wall} ms wall; ` +
    `sale (${sales}) — API ${sale.api} ms, PostgreSQL ${sale.db} ms CPU, ${sale.wall} ms wall. Load average after: ${load}.`,
);
