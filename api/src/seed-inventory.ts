import type { Database, Queryable } from './db/database.js';
import { inTenant } from './db/tenant.js';
import { loadAccess } from './access/index.js';
import * as catalogue from './modules/catalogue/index.js';
import * as items from './modules/items/index.js';
import type { Actor } from './modules/items/index.js';
import { createSale } from './modules/sales/index.js';

// The demo company's inventory: built through the same services the API uses (the engine writes
// every event), so the demo shows exactly what real use produces. Deterministic: same data each run.

const BRANDS = ['Apple', 'Samsung', 'Lenovo', 'Dell', 'Sony', 'Xiaomi'];
const MODELS: Record<string, Array<[brand: string, model: string, cost: number, price: number]>> = {
  Smartphone: [
    ['Apple', 'iPhone 15', 620, 899],
    ['Samsung', 'Galaxy S24', 540, 799],
    ['Xiaomi', 'Redmi Note 13', 160, 249],
  ],
  Laptop: [
    ['Lenovo', 'ThinkPad T14', 780, 1199],
    ['Dell', 'XPS 13', 910, 1399],
    ['Apple', 'MacBook Air M3', 870, 1299],
  ],
  Headphones: [
    ['Sony', 'WH-1000XM5', 210, 349],
    ['Apple', 'AirPods Pro 2', 150, 249],
  ],
  Tablet: [
    ['Apple', 'iPad Air', 420, 649],
    ['Samsung', 'Galaxy Tab S9', 480, 699],
  ],
};

/** The users whose names the history carries: a Company Owner, a Storekeeper and a Rapid Seller. */
export interface DemoStaff {
  owner: string;
  storekeeper: string;
  seller: string;
}

export async function seedDemoInventory(db: Database, companyId: string, staff: DemoStaff): Promise<void> {
  await inTenant(db, companyId, async (q) => {
    const actor = async (id: string): Promise<Actor> => ({ companyId, userId: id, access: await loadAccess(q, id) });
    await build(q, companyId, await actor(staff.owner), await actor(staff.storekeeper), await actor(staff.seller));
  });
}

async function build(q: Queryable, companyId: string, boss: Actor, store: Actor, till: Actor) {
  let seed = 42;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;

  const location = async (name: string, kind: 'warehouse' | 'store' | 'other') =>
    (await catalogue.saveLocation(q, companyId, null, { name, kind })).id;
  const warehouse = await location('Main Warehouse', 'warehouse');
  const downtown = await location('Downtown Store', 'store');
  const airport = await location('Airport Kiosk', 'store');
  const bench = await location('Repair Bench', 'other');
  const brands = new Map<string, string>();
  for (const name of BRANDS) brands.set(name, (await catalogue.saveBrand(q, companyId, null, name)).id);
  const types = new Map<string, string>();
  const color = {
    key: 'color',
    label: 'Color',
    type: 'select' as const,
    required: true,
    options: ['Black', 'Silver', 'Blue'],
  };
  for (const [name, warrantyMonths, fields] of [
    ['Smartphone', 12, [color, { key: 'storage_gb', label: 'Storage (GB)', type: 'number' as const, required: false }]],
    [
      'Laptop',
      24,
      [
        { key: 'cpu', label: 'CPU', type: 'text' as const, required: false },
        { key: 'ram_gb', label: 'RAM (GB)', type: 'number' as const, required: false },
      ],
    ],
    ['Headphones', 6, []],
    ['Tablet', 12, [color]],
  ] as const)
    types.set(
      name,
      (await catalogue.saveItemType(q, companyId, null, { name, warrantyMonths, fields: [...fields] })).id,
    );

  const customers: string[] = [];
  for (const [name, email] of [
    ['Northwind Traders', 'orders@northwind.example'],
    ['Jane Doe', 'jane.doe@example.com'],
    ['Contoso Ltd', 'purchasing@contoso.example'],
    ['Luis García', 'luis.garcia@example.com'],
    ['Aiko Tanaka', 'aiko@example.jp'],
    ['Fabrikam Inc', 'it@fabrikam.example'],
    ['Ola Nordmann', 'ola@example.no'],
    ['Priya Patel', 'priya.patel@example.com'],
  ])
    customers.push((await catalogue.saveCustomer(q, companyId, null, { name, email, isCustomer: true })).id);
  const vendors: string[] = [];
  for (const name of ['TechDistri GmbH', 'Global Gadgets Supply', 'Refurb Partners'])
    vendors.push((await catalogue.saveCustomer(q, companyId, null, { name, isCustomer: false, isVendor: true })).id);

  const tt = new Map((await catalogue.listTransactionTypes(q)).map((t) => [t.name, t]));
  const received: Array<{ id: string; serial: string }> = [];
  let n = 0;
  for (const [typeName, models] of Object.entries(MODELS)) {
    for (const [brand, model, cost, price] of models) {
      const count = 20 + Math.floor(random() * 15);
      const prefix = model
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 6)
        .toUpperCase();
      const serials = Array.from({ length: count }, () => `${prefix}-${String(100000 + n++ * 7919).slice(-6)}`);
      const fields: Record<string, string | number> =
        typeName === 'Smartphone'
          ? { color: pick(color.options), storage_gb: pick([128, 256, 512]) }
          : typeName === 'Tablet'
            ? { color: pick(color.options) }
            : typeName === 'Laptop'
              ? { cpu: pick(['Intel Core Ultra 7', 'AMD Ryzen 7', 'Apple M3']), ram_gb: pick([16, 32]) }
              : {};
      const batch = await items.receive(q, boss, {
        itemTypeId: types.get(typeName)!,
        locationId: warehouse,
        serials,
        brandId: brands.get(brand)!,
        model,
        vendorId: pick(vendors),
        cost,
        salePrice: price,
        fields,
        note: `Delivery note DN-${1000 + received.length}`,
      });
      received.push(...batch.map((i) => ({ id: i.id, serial: i.serial })));
    }
  }

  const shuffled = [...received].sort(() => random() - 0.5);
  const take = (k: number) => shuffled.splice(0, k);
  const run = (actor: Actor, name: string, list: Array<{ id: string }>, extra: object = {}) =>
    items.transact(q, actor, { transactionTypeId: tt.get(name)!.id, itemIds: list.map((i) => i.id), ...extra });

  // Stock goes out to the shops, some of it is sold there; some units go through test and repair.
  const toDowntown = take(90);
  const toAirport = take(40);
  await run(store, 'Move', toDowntown, { toLocationId: downtown, note: 'Weekly replenishment' });
  await run(store, 'Move', toAirport, { toLocationId: airport, note: 'Kiosk opening stock' });
  const sold = [...toDowntown.splice(0, 55), ...toAirport.splice(0, 20)];
  for (let i = 0; i < sold.length;) {
    const lines = sold.slice(i, i + (random() < 0.7 ? 1 : 2 + Math.floor(random() * 3)));
    i += lines.length;
    await createSale(q, till, {
      lines: lines.map((l) => ({ itemId: l.id, price: 100 + Math.round(random() * 900) })),
      customerId: random() < 0.6 ? pick(customers) : null,
    });
  }
  const returned = sold.slice(0, 5);
  await run(boss, 'Return', returned, { reason: 'Customer changed their mind' });
  const tested = take(30);
  await run(store, 'Test', tested, { toLocationId: bench, note: 'Incoming QC sample' });
  await run(store, 'Repair', tested.slice(0, 18), { toLocationId: warehouse, note: 'Passed QC' });
  await run(store, 'Change status', tested.slice(18, 24), { toStatus: 'defective', note: 'Screen flicker' });
  await run(boss, 'Scrap', tested.slice(24, 27), { reason: 'Beyond repair' });
  await run(store, 'Change status', take(6), { toStatus: 'reserved', note: 'Held for Contoso order' });

  // Tasks in the queues of the roles that work them.
  const [roleKeeper] = await q.query<{ id: string }>(`SELECT id FROM roles WHERE name = 'Storekeeper'`);
  await q.query(
    `INSERT INTO tasks (company_id, title, kind, assignee_role_id, item_id, due_at, created_by)
     SELECT $1, 'Repair ' || i.serial, 'process', $2, i.id, now() + interval '3 days', $3
       FROM items i WHERE i.status = 'defective'`,
    [companyId, roleKeeper!.id, boss.userId],
  );
  await q.query(
    `INSERT INTO tasks (company_id, title, kind, assignee_user_id, to_location_id, due_at, created_by)
     VALUES ($1, 'Count the Airport Kiosk stock', 'other', $2, $3, now() + interval '1 day', $4)`,
    [companyId, store.userId, airport, boss.userId],
  );
}
