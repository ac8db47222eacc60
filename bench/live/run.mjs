// Live updates and imports, measured on real API processes:
//   - import of 100,000 CSV rows: upload answered (every row validated) and job succeeded (all written),
//     and how long another company's requests wait meanwhile (PGlite: one connection for everyone);
//   - a sale through one replica → its event on a stream connected to another (PostgreSQL, two
//     processes, LISTEN/NOTIFY), p50/p95; on PGlite the same within the one process.
// Usage (from the repo root):
//   node bench/live/run.mjs                              → PGlite only
//   DATABASE_URL=postgres://… node bench/live/run.mjs    → PGlite, then PostgreSQL with two replicas
// ROWS (100000) and SALES (200) change the sizes. Writes bench/live/RESULTS.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.join(here, '..', '..', 'api');
const ROWS = Number(process.env.ROWS ?? 100_000);
const SALES = Number(process.env.SALES ?? 200);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startApi(env) {
  const port = await freePort();
  const { DATABASE_URL: _d, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      ...rest,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      API_PORT: String(port),
      JWT_SECRET: 'bench-live-secret-of-at-least-32-bytes!!',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not start');
}
const stop = (api) => new Promise((r) => (api.child.once('exit', r), api.child.kill('SIGTERM')));

async function call(base, method, url, { token, body, contentType } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function company(base) {
  const userName = `bench${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${userName}@example.com`;
  const password = 'bench-password-1';
  const reg = await call(base, 'POST', '/api/auth/company-with-admin', {
    body: {
      companyName: `Bench ${userName}`,
      userName,
      email,
      firstName: 'B',
      lastName: 'B',
      password,
      phone: '1',
      industry: 'Retail',
      withGoogle: false,
    },
  });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const mail = (await call(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body;
  const token = /verify-email\?token=([^\s&]+)/.exec(mail[mail.length - 1].text)[1];
  await call(base, 'POST', '/api/auth/verify-email', { body: { token: decodeURIComponent(token) } });
  const login = await call(base, 'POST', '/api/auth/login', { body: { userName, password } });
  const t = login.body.token;
  await call(base, 'POST', '/api/item-types', { token: t, body: { name: 'Phone' } });
  await call(base, 'POST', '/api/locations', { token: t, body: { name: 'Shop' } });
  return t;
}

/**
 * Another company's requests while the import runs: GET /api/locations every 250 ms, each timed.
 * On PGlite every request that needs the database waits while the import holds the connection.
 */
function probe(base, token) {
  const times = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await call(base, 'GET', '/api/locations', { token });
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return stats(times);
  };
}

async function importRows(base, token, tag, otherToken) {
  const lines = ['serial,itemType,location,cost,salePrice'];
  for (let i = 0; i < ROWS; i++)
    lines.push(`${tag}-${String(i).padStart(6, '0')},Phone,Shop,${(i % 500) + 10},${(i % 500) + 25}.5`);
  const csv = `${lines.join('\n')}\n`;
  const stopProbe = probe(base, otherToken);
  const started = performance.now();
  const upload = await call(base, 'POST', '/api/imports/items?fileName=bench.csv', {
    token,
    body: csv,
    contentType: 'text/csv',
  });
  const answered = performance.now();
  if (upload.status !== 202) throw new Error(`import: ${upload.status} ${JSON.stringify(upload.body).slice(0, 300)}`);
  let job = upload.body;
  let polls = 0;
  const percents = new Set();
  while (job.status !== 'succeeded' && job.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 250));
    job = (await call(base, 'GET', `/api/imports/${job.id}`, { token })).body;
    percents.add(job.percent);
    polls++;
  }
  if (job.status !== 'succeeded') throw new Error(`import failed: ${job.message}`);
  const done = performance.now();
  const other = await stopProbe();
  return {
    other,
    bytes: Buffer.byteLength(csv),
    validatedMs: answered - started,
    totalMs: done - started,
    polls,
    percents: [...percents].sort((a, b) => a - b),
  };
}

/** Minimal SSE reader: calls onEvent(name, data, arrivalTime). */
async function listen(url, onEvent) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream: ${res.status}`);
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (event && data) onEvent(event, JSON.parse(data), performance.now());
        }
      }
    } catch {
      // closed
    }
  })();
  return () => controller.abort();
}

async function saleLatency(writer, reader, token, tag) {
  // Items to sell, received in one batch.
  const serials = Array.from({ length: SALES }, (_, i) => `${tag}-S${i}`);
  const r = await call(writer, 'POST', '/api/items/receive', {
    token,
    body: {
      itemTypeId: (await call(writer, 'GET', '/api/item-types', { token })).body.items[0].id,
      locationId: (await call(writer, 'GET', '/api/locations', { token })).body.items[0].id,
      serials,
    },
  });
  if (r.status !== 201) throw new Error(`receive: ${r.status}`);
  const ticket = (await call(writer, 'POST', '/api/events/ticket', { token })).body.ticket;
  const arrivals = new Map();
  const waiting = new Map();
  const close = await listen(`${reader}/api/events/stream?ticket=${ticket}`, (event, data, at) => {
    if (event !== 'sale.made') return;
    const id = data.ids[0];
    arrivals.set(id, at);
    waiting.get(id)?.();
  });
  await new Promise((r) => setTimeout(r, 300));
  const fromRequest = [];
  const afterAnswer = [];
  for (const serial of serials) {
    const sent = performance.now();
    const sale = await call(writer, 'POST', '/api/sales', { token, body: { lines: [{ serial, price: 1 }] } });
    const answered = performance.now();
    if (sale.status !== 201) throw new Error(`sale: ${sale.status}`);
    const id = sale.body.id;
    if (!arrivals.has(id))
      await new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        setTimeout(() => reject(new Error('no event within 5 s')), 5000);
      });
    fromRequest.push(arrivals.get(id) - sent);
    afterAnswer.push(arrivals.get(id) - answered);
  }
  close();
  return { fromRequest: stats(fromRequest), afterAnswer: stats(afterAnswer) };
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { n: values.length, p50: at(50), p95: at(95), max: sorted[sorted.length - 1] };
}

const f = (ms) => `${ms.toFixed(1)} ms`;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const out = [];

async function run(label, env, twoReplicas) {
  const a = await startApi(env);
  const b = twoReplicas ? await startApi(env) : a;
  try {
    const token = await company(a.base);
    const otherToken = await company(a.base);
    const tag = `B${Date.now().toString(36).toUpperCase()}`;
    const load = os.loadavg()[0];
    const imp = await importRows(b.base, token, tag, otherToken);
    imp.load = [load, os.loadavg()[0]];
    const lat = await saleLatency(a.base, b.base, token, tag);
    out.push({ label, imp, lat, twoReplicas });
    console.log(label, JSON.stringify({ imp, lat }));
  } finally {
    await stop(a);
    if (b !== a) await stop(b);
  }
}

await run(
  'PGlite (one process, data folder)',
  { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sw-bench-live-')) },
  false,
);
if (process.env.DATABASE_URL) await run('PostgreSQL (two replicas)', { DATABASE_URL: process.env.DATABASE_URL }, true);

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const md = [
  `Measured ${when} UTC with \`${process.env.DATABASE_URL ? 'DATABASE_URL=… ' : ''}node bench/live/run.mjs\` (${os.cpus().length} cores, ${ROWS.toLocaleString('en')} rows, ${SALES} sales).`,
  '',
  '| driver | CSV size | upload answered (parsed + every row validated) | job succeeded (all rows written) | progress seen by polls | another company’s GET during the import: p50 / p95 / max (n) | load average (1 min) before / after |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...out.map(
    (o) =>
      `| ${o.label} | ${(o.imp.bytes / 1024 / 1024).toFixed(1)} MB | ${s(o.imp.validatedMs)} | ${s(o.imp.totalMs)} | ${o.imp.percents.length === 1 ? `${o.imp.percents[0]} % only` : `${o.imp.percents.length} values, ${o.imp.percents[0]} → ${o.imp.percents[o.imp.percents.length - 1]} %`} (${o.imp.polls} polls) | ${f(o.imp.other.p50)} / ${f(o.imp.other.p95)} / ${s(o.imp.other.max)} (${o.imp.other.n}) | ${o.imp.load.map((l) => l.toFixed(1)).join(' / ')} |`,
  ),
  '',
  '| driver | sale → event on the stream | p50 | p95 | max | event after the sale’s HTTP answer: p50 / p95 |',
  '| --- | --- | --- | --- | --- | --- |',
  ...out.map(
    (o) =>
      `| ${o.label} | ${o.twoReplicas ? 'sale on replica A, stream on replica B' : 'same process'} | ${f(o.lat.fromRequest.p50)} | ${f(o.lat.fromRequest.p95)} | ${f(o.lat.fromRequest.max)} | ${f(o.lat.afterAnswer.p50)} / ${f(o.lat.afterAnswer.p95)} |`,
  ),
  '',
];
writeFileSync(path.join(here, 'RESULTS.md'), `${md.join('\n')}\n`);
console.log(md.join('\n'));
