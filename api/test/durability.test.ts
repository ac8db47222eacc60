import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRIVER, PASSWORD, registerCompany, unique } from './helpers.js';
import { call, startApi, type ApiProcess } from './processes.js';

// No lost work: the API is killed (SIGKILL — no shutdown hook runs) while clients receive and
// sell, then started again on the same data. Everything answered 2xx is there, nothing is half
// there, and every item is what the end of its event chain says. PGlite (a data folder) in the
// PGlite pass, the PostgreSQL server in the PostgreSQL pass.
const env: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sw-durable-')) };
const WORKERS = 3;
const SERIALS_PER_RECEPTION = 3;

let api: ApiProcess;
let token = '';
let userName = '';
let place: { itemType: string; location: string };
const prefix = unique('D').toUpperCase();

async function signUp(base: string) {
  const owner = await registerCompany(base, unique('Durable Co '));
  userName = owner.userName;
  token = owner.token;
}

afterAll(async () => {
  await api?.stop();
  // The PGlite pass's data folder (tens of MB): a test machine runs this suite many times a day.
  if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
});

test(`SIGKILL in the middle of receptions and sales loses nothing answered and leaves nothing half written (${DRIVER})`, async () => {
  api = await startApi(env);
  await signUp(api.base);
  const made = async (url: string, body: object) => (await call(api.base, 'POST', url, { token, body })).body.id;
  place = {
    itemType: await made('/api/item-types', { name: 'Widget' }),
    // The new company's own location ("Main store"): the Free plan has room for that one only.
    location: (await call(api.base, 'GET', '/api/locations', { token })).body.items[0].id,
  };

  const attempted: string[][] = [];
  const received: string[] = [];
  const sold: Array<{ saleId: string; serial: string }> = [];
  let killed = false;
  const worker = async (w: number) => {
    let toSell: string | null = null;
    for (let i = 0; !killed; i++) {
      const serials = Array.from({ length: SERIALS_PER_RECEPTION }, (_, k) => `${prefix}-${w}-${i}-${k}`);
      attempted.push(serials);
      try {
        const r = await call(api.base, 'POST', '/api/items/receive', {
          token,
          body: { itemTypeId: place.itemType, locationId: place.location, serials },
        });
        if (r.status === 201) received.push(...serials);
        if (toSell) {
          const s = await call(api.base, 'POST', '/api/sales', {
            token,
            body: { lines: [{ serial: toSell, price: 3 }] },
          });
          if (s.status === 201) sold.push({ saleId: s.body.id, serial: toSell });
        }
        toSell = r.status === 201 ? serials[0]! : null;
      } catch {
        return; // the process is gone
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  while (sold.length < 10) await new Promise((r) => setTimeout(r, 20));
  // Somewhere in the middle of the next answers, not between them.
  await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 50)));
  const pid = api.child.pid!;
  await api.kill();
  killed = true;
  // The API process itself is gone (not a wrapper around it).
  expect(() => process.kill(pid, 0)).toThrow();
  await Promise.all(workers);

  api = await startApi(env);
  token = (await call(api.base, 'POST', '/api/auth/login', { body: { userName, password: PASSWORD } })).body.token;

  // Every item of the company, with its chain.
  const items: Array<{ id: string; serial: string; status: string; locationId: string; version: number }> = [];
  for (let cursor: string | null = null; ;) {
    const page = await call(api.base, 'GET', `/api/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
    if (!cursor) break;
  }
  const bySerial = new Map(items.map((i) => [i.serial, i]));

  // Everything answered 2xx is there.
  for (const serial of received) expect({ serial, there: bySerial.has(serial) }).toEqual({ serial, there: true });
  for (const { saleId, serial } of sold) {
    const sale = await call(api.base, 'GET', `/api/sales/${saleId}`, { token });
    expect(sale.status).toBe(200);
    expect(sale.body.lines.map((l: { serial: string }) => l.serial)).toEqual([serial]);
    expect(bySerial.get(serial)!.status).toBe('sold');
  }
  // A reception is all there or not at all, answered or not.
  for (const serials of attempted) {
    const present = serials.filter((s) => bySerial.has(s)).length;
    expect({ serials, present: present === 0 || present === serials.length }).toEqual({ serials, present: true });
  }
  // Every item is the end of its event chain; every sale event names a sale that is there.
  const sales = new Set<string>();
  for (const item of items) {
    const { events } = (await call(api.base, 'GET', `/api/items/${item.id}/history`, { token })).body as {
      events: Array<{ version: number; kind: string; toStatus: string; toLocationId: string; saleId: string | null }>;
    };
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]!.kind).toBe('receive');
    const last = events[events.length - 1]!;
    expect({ serial: item.serial, version: item.version, status: item.status, location: item.locationId }).toEqual({
      serial: item.serial,
      version: last.version,
      status: last.toStatus,
      location: last.toLocationId,
    });
    for (const e of events) if (e.saleId) sales.add(e.saleId);
  }
  for (const saleId of sales) {
    const sale = await call(api.base, 'GET', `/api/sales/${saleId}`, { token });
    expect({ saleId, status: sale.status, lines: sale.body.lines?.length }).toEqual({ saleId, status: 200, lines: 1 });
  }
  // And the killed process's work was real: more than the acknowledged minimum.
  expect(received.length).toBeGreaterThan(10 * SERIALS_PER_RECEPTION);
}, 300_000);
