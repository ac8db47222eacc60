import {
  addUser,
  callsAs,
  closeShared,
  defaultCatalogue,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// Warranty claims as a shop meets them: a customer brings back a faulty item still under warranty,
// staff open a claim, send it to the supplier, get it back repaired or replaced, and close it.
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let seller: Tenant;
let other: Tenant;
let ids: { itemType: string; shop: string; customer: string; vendor: string };

const { call } = callsAs(() => ctx.app);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Warranty Co ') });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  other = await registerCompany(ctx.app, unique('Other Co '));
  const made = async (url: string, body: object) => {
    const res = await call(owner, 'POST', url, body);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  ids = {
    itemType: await made('/api/item-types', { name: 'Phone', warrantyMonths: 12 }),
    // A Free company's one location: the one it starts with.
    shop: (await defaultCatalogue(ctx.app, owner)).location,
    customer: await made('/api/customers', { name: 'Carla Claimant', phone: '+90 555 000 11 22' }),
    vendor: await made('/api/customers', { name: 'Parts Supplier Ltd', isVendor: true, isCustomer: false }),
  };
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

/** An item bought from the vendor and sold to the customer; warrantyMonths 0: its warranty ends as it is sold. */
async function soldItem(warrantyMonths = 12) {
  const serial = unique('WC-');
  const received = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    serials: [serial],
    vendorId: ids.vendor,
    warrantyMonths,
  });
  if (received.statusCode !== 201) throw new Error(received.body);
  const sale = await call(seller, 'POST', '/api/sales', { customerId: ids.customer, lines: [{ serial, price: 300 }] });
  if (sale.statusCode !== 201) throw new Error(sale.body);
  return { id: received.json().items[0].id as string, serial };
}

const item = async (id: string) => (await call(owner, 'GET', `/api/items/${id}`)).json();
const history = async (id: string) =>
  (await call(owner, 'GET', `/api/items/${id}/history`)).json().events as Array<Record<string, unknown>>;
const open = (who: Tenant, itemId: string, fault = 'Does not charge') =>
  call(who, 'POST', `/api/items/${itemId}/warranty-claims`, { fault });
const advance = (who: Tenant, claimId: string, to: string, note?: string) =>
  call(who, 'POST', `/api/warranty-claims/${claimId}/advance`, { to, ...(note ? { note } : {}) });

test('a claim through to closed: each step on the item’s history with who, when and the note; the item is in process while at the supplier and sold again after', async () => {
  const phone = await soldItem();
  const opened = await open(keeper, phone.id);
  expect(opened.statusCode).toBe(201);
  const claim = opened.json();
  expect(claim).toMatchObject({
    itemId: phone.id,
    serial: phone.serial,
    state: 'open',
    outcome: null,
    fault: 'Does not charge',
    vendorId: ids.vendor,
    vendorName: 'Parts Supplier Ltd',
    customerId: ids.customer,
    openedBy: keeper.userName,
    closedAt: null,
  });
  // The Storekeeper does not see customers: the claim names none to them.
  expect(claim).not.toHaveProperty('customerName');
  expect((await item(phone.id)).status).toBe('sold');

  const sent = await advance(keeper, claim.id, 'sent', 'Courier ref 123');
  expect(sent.statusCode).toBe(200);
  expect(sent.json().state).toBe('sent');
  expect((await item(phone.id)).status).toBe('in_process');
  const board = (await call(owner, 'GET', '/api/dashboard')).json();
  expect(board.itemsInProcess).toBeGreaterThanOrEqual(1);

  expect((await advance(owner, claim.id, 'repaired', 'New charging port')).json()).toMatchObject({
    state: 'repaired',
    outcome: 'repaired',
  });
  expect((await item(phone.id)).status).toBe('in_process');
  const closed = await advance(keeper, claim.id, 'closed', 'Handed back to the customer');
  expect(closed.statusCode).toBe(200);
  expect(closed.json()).toMatchObject({ state: 'closed', outcome: 'repaired' });
  expect(closed.json().closedAt).toEqual(expect.any(String));
  const after = await item(phone.id);
  expect(after).toMatchObject({ status: 'sold', customerId: ids.customer });

  const steps = (await history(phone.id)).filter((e) => e.kind === 'warranty');
  expect(steps.map((e) => [e.warrantyState, e.fromStatus, e.toStatus, e.userName, e.note])).toEqual([
    ['open', 'sold', 'sold', keeper.userName, 'Does not charge'],
    ['sent', 'sold', 'in_process', keeper.userName, 'Courier ref 123'],
    ['repaired', 'in_process', 'in_process', owner.userName, 'New charging port'],
    ['closed', 'in_process', 'sold', keeper.userName, 'Handed back to the customer'],
  ]);
  expect(steps.every((e) => e.warrantyClaimId === claim.id && typeof e.createdAt === 'string')).toBe(true);

  // A new fault later: a second claim once the first is closed.
  expect((await open(keeper, phone.id, 'Screen cracked by itself')).statusCode).toBe(201);
  const list = (await call(owner, 'GET', `/api/items/${phone.id}/warranty-claims`)).json().items;
  expect(list.map((c: { state: string }) => c.state)).toEqual(['open', 'closed']);
  expect(list[1].customerName).toBe('Carla Claimant');

  // The tracking report lists the steps as movements of their own kind.
  const tracked = await call(owner, 'GET', '/api/reports/tracking?kind=warranty&limit=100');
  expect(tracked.statusCode).toBe(200);
  const states = tracked
    .json()
    .items.filter((e: { itemId: string }) => e.itemId === phone.id)
    .map((e: { warrantyState: string }) => e.warrantyState);
  expect(states.sort()).toEqual(['closed', 'open', 'open', 'repaired', 'sent']);
});

test('replaced, and a claim closed without an outcome (rejected) needs a note and gives the item its status back', async () => {
  const a = await soldItem();
  const claimA = (await open(owner, a.id)).json();
  await advance(owner, claimA.id, 'sent');
  expect((await advance(owner, claimA.id, 'replaced', 'Supplier sent unit RX-9')).json().outcome).toBe('replaced');
  expect((await advance(owner, claimA.id, 'closed')).json()).toMatchObject({ state: 'closed', outcome: 'replaced' });

  const b = await soldItem();
  const claimB = (await open(owner, b.id)).json();
  await advance(owner, claimB.id, 'sent');
  const bare = await advance(owner, claimB.id, 'closed');
  expect(bare.statusCode).toBe(400);
  expect(bare.json().field).toBe('note');
  expect((await item(b.id)).status).toBe('in_process');
  const rejected = await advance(owner, claimB.id, 'closed', 'Supplier found water damage');
  expect(rejected.json()).toMatchObject({ state: 'closed', outcome: 'rejected' });
  expect((await item(b.id)).status).toBe('sold');

  const c = await soldItem();
  const claimC = (await open(owner, c.id)).json();
  expect((await advance(owner, claimC.id, 'closed', 'No fault found')).json().outcome).toBe('rejected');
  expect((await item(c.id)).status).toBe('sold');
});

test('only an item under warranty gets a claim, one at a time; steps go in order; nothing is written when refused', async () => {
  const ended = await soldItem(0);
  const versionBefore = (await item(ended.id)).version;
  const late = await open(owner, ended.id);
  expect(late.statusCode).toBe(409);
  expect(late.json().code).toBe('NOT_UNDER_WARRANTY');
  expect(late.json().message).toContain('warranty ended on');

  const received = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    serials: [unique('WC-')],
  });
  const inStock = received.json().items[0].id as string;
  const unsold = await open(owner, inStock);
  expect(unsold.statusCode).toBe(409);
  expect(unsold.json().message).toContain('no warranty running');

  const phone = await soldItem();
  const claim = (await open(owner, phone.id)).json();
  const twice = await open(keeper, phone.id);
  expect(twice.statusCode).toBe(409);
  expect(twice.json().code).toBe('CLAIM_ALREADY_OPEN');
  const skipped = await advance(owner, claim.id, 'repaired');
  expect(skipped.statusCode).toBe(409);
  expect(skipped.json().message).toBe('A claim that is open can become sent or closed, not repaired.');
  await advance(owner, claim.id, 'closed', 'Customer withdrew it');
  const again = await advance(owner, claim.id, 'sent');
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe('This warranty claim is closed.');

  expect((await item(ended.id)).version).toBe(versionBefore);
  expect((await history(ended.id)).some((e) => e.kind === 'warranty')).toBe(false);
  expect((await history(inStock)).some((e) => e.kind === 'warranty')).toBe(false);
});

test('bad input is a 400 naming the field; an unknown id a 404; never a 5xx', async () => {
  const phone = await soldItem();
  for (const body of [
    {},
    { fault: '' },
    { fault: '   ' },
    { fault: 'x'.repeat(1001) },
    { fault: 'a\nb' },
    { fault: 3 },
  ]) {
    const res = await call(owner, 'POST', `/api/items/${phone.id}/warranty-claims`, body);
    expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
  }
  expect(
    (await call(owner, 'POST', `/api/items/${phone.id}/warranty-claims`, { fault: 'ok', extra: 1 })).statusCode,
  ).toBe(400);
  expect((await call(owner, 'POST', '/api/items/not-a-uuid/warranty-claims', { fault: 'x' })).statusCode).toBe(400);
  expect((await open(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  const claim = (await open(owner, phone.id)).json();
  for (const body of [{}, { to: 'open' }, { to: 'lost' }, { to: 'sent', note: 'x'.repeat(1001) }]) {
    const res = await call(owner, 'POST', `/api/warranty-claims/${claim.id}/advance`, body);
    expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
  }
  expect((await advance(owner, '00000000-0000-4000-8000-000000000000', 'sent')).statusCode).toBe(404);
  expect((await call(owner, 'GET', `/api/items/${phone.id}/warranty-claims`)).json().items).toHaveLength(1);
});

test('who may: a Rapid Seller may not open or advance a claim; another company finds neither the item nor the claim', async () => {
  const phone = await soldItem();
  expect((await open(seller, phone.id)).statusCode).toBe(403);
  const claim = (await open(keeper, phone.id)).json();
  expect((await advance(seller, claim.id, 'sent')).statusCode).toBe(403);
  expect((await open(other, phone.id)).statusCode).toBe(404);
  expect((await advance(other, claim.id, 'sent')).statusCode).toBe(404);
  expect((await call(other, 'GET', `/api/items/${phone.id}/warranty-claims`)).statusCode).toBe(404);
  expect((await item(phone.id)).status).toBe('sold');
});

test('the warranty list shows each item’s claim and filters by its state; customer name and contact only for customers.view', async () => {
  const phone = await soldItem();
  const claim = (await open(keeper, phone.id)).json();
  await advance(keeper, claim.id, 'sent');
  const row = (rows: Array<Record<string, unknown>>) => rows.find((r) => r.itemId === phone.id);

  // claim=sent lists it whatever the window (its warranty ends in a year, beyond the default 30 days)
  const sent = (await call(owner, 'GET', '/api/reports/warranty?claim=sent&limit=100')).json().items;
  expect(row(sent)).toMatchObject({ claimId: claim.id, claimState: 'sent', claimOutcome: null });
  expect(sent.every((r: { claimState: string }) => r.claimState === 'sent')).toBe(true);
  expect(row((await call(owner, 'GET', '/api/reports/warranty?claim=open&limit=100')).json().items)).toBeUndefined();
  expect(row((await call(owner, 'GET', '/api/reports/warranty?claim=any&limit=100')).json().items)).toBeDefined();
  expect((await call(owner, 'GET', '/api/reports/warranty?claim=lost')).statusCode).toBe(400);
  expect(row(sent)).toMatchObject({ customerName: 'Carla Claimant', customerPhone: '+90 555 000 11 22' });

  // The Storekeeper sees reports but not customers: no name, no contact, in JSON or CSV.
  const theirs = row((await call(keeper, 'GET', '/api/reports/warranty?claim=sent&limit=100')).json().items)!;
  expect(theirs.claimState).toBe('sent');
  expect(theirs).not.toHaveProperty('customerName');
  expect(theirs).not.toHaveProperty('customerPhone');
  expect(theirs).not.toHaveProperty('customerEmail');
  const csv = await call(keeper, 'GET', '/api/reports/warranty?claim=sent&format=csv');
  expect(csv.statusCode).toBe(200);
  expect(csv.body).not.toContain('Carla Claimant');
  expect(csv.body).not.toContain('555 000');
  expect(csv.body.split('\n')[0]).not.toContain('customerName');
});
