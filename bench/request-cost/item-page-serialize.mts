// What writing one page of the item list costs the API: 50 items through the list's response
// schema, compiled as Fastify compiles it (fast-json-stringify through Fastify's own compiler),
// from the API source at each ROOT given — e.g. a checkout of an earlier commit beside this one,
// to measure a change to the schemas. µs a page (best of ROUNDS), the bytes and their hash (the
// same answer, or not).
// Usage (from api/): node --import tsx ../bench/request-cost/item-page-serialize.mts [root…]
// Each root needs its api/src and kit/src/words; node_modules are resolved from this repository.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const roots = process.argv.slice(2).length ? process.argv.slice(2) : [here];
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PAGES = Number(process.env.PAGES ?? 20_000);
const fromFastify = createRequire(createRequire(path.join(here, 'api', 'package.json')).resolve('fastify'));
type Serializer = (value: unknown) => string;
const compiler = fromFastify('@fastify/fast-json-stringify-compiler')() as (
  external: object,
  options: undefined,
) => (route: object) => Serializer;

const STATUSES = ['in_stock', 'sold', 'reserved', 'defective', 'on_loan'];
const at = new Date('2026-11-27T10:00:00.000Z');
// Nullable fields null or not as in a shop's list: some items sold, some without a brand or SKU.
const items = Array.from({ length: 50 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  serial: `SN-${i}`,
  sku: i % 3 ? null : `SKU-${i}`,
  itemTypeId: 't1',
  itemTypeName: 'Phone',
  brandId: i % 2 ? 'b1' : null,
  brandName: i % 2 ? 'Acme' : null,
  model: 'X1 Pro',
  modelId: i % 4 ? 'm1' : null,
  locationId: 'l1',
  locationName: 'Counter',
  status: STATUSES[i % STATUSES.length],
  cost: 350,
  salePrice: i % 5 ? 499 : null,
  vendorId: null,
  vendorName: null,
  customerId: i % 5 === 1 ? 'c1' : null,
  customerName: i % 5 === 1 ? 'Ada' : null,
  receivedAt: at,
  soldAt: i % 5 === 1 ? at : null,
  warrantyMonths: 24,
  warrantyEndsAt: i % 5 === 1 ? at : null,
  fields: { color: 'black' },
  images: [],
  version: 3,
  updatedAt: at,
}));
const page = { items, nextCursor: 'abc' };

const serializers = await Promise.all(
  roots.map(async (root) => {
    const { ItemSchema } = await import(path.join(root, 'api/src/modules/items/schemas.ts'));
    const { KeysetPage } = await import(path.join(root, 'api/src/lib/schemas.ts'));
    const schema = KeysetPage(ItemSchema, 'ItemPage');
    return {
      root,
      serialize: compiler({}, undefined)({ schema, method: 'GET', url: '/api/items', httpStatus: '200' }),
    };
  }),
);
const best = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++)
  for (const { root, serialize } of serializers) {
    for (let i = 0; i < PAGES / 10; i++) serialize(page);
    const started = process.hrtime.bigint();
    for (let i = 0; i < PAGES; i++) serialize(page);
    const us = Number(process.hrtime.bigint() - started) / 1000 / PAGES;
    best.set(root, Math.min(best.get(root) ?? Infinity, us));
  }
for (const { root, serialize } of serializers) {
  const out = serialize(page);
  const hash = createHash('sha1').update(out).digest('hex').slice(0, 12);
  console.log(`${root}: ${best.get(root)!.toFixed(1)} µs a page of 50 items (${out.length} bytes, sha1 ${hash})`);
}
