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

// Purchase orders: written as drafts by model, sent to the vendor by mail with the order as a PDF,
// received against in parts (never more than ordered), cancelled; each received item's history
// names its order. Every assertion is on this file's own companies (PostgreSQL is shared).
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let receiver: Tenant;
let seller: Tenant;
let other: Tenant;
let ids: { shop: string; itemType: string; vendor: string; mute: string; x1: string; x2: string; otherVendor: string };
let vendorEmail: string;

const { call, ok } = callsAs(() => ctx.app);
const mailsTo = (to: string) =>
  ctx.db.query<{
    subject: string;
    text: string;
    attachments: Array<{ filename: string; contentType: string; content: string }>;
  }>(
    `SELECT subject, body AS text, attachments FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at`,
    [to],
  );
const serials = (n: number) => Array.from({ length: n }, () => unique('PO-SN-'));
const draft = (lines: Array<{ modelId: string; quantity: number; unitCost?: number }>, vendorId = ids.vendor) =>
  ok(keeper, 'POST', '/api/purchase-orders', { vendorId, lines });

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Buyer Co '), premium: true });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  receiver = await addUser(ctx.app, owner, ['New Item Operator']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  other = await registerCompany(ctx.app, unique('Other Buyer '));
  const catalogue = await defaultCatalogue(ctx.app, owner);
  vendorEmail = `${unique('vendor')}@example.com`;
  const model = async (name: string, cost: number | null) =>
    (await ok(owner, 'POST', '/api/product-models', { name, itemTypeId: catalogue.itemType, cost })).id as string;
  ids = {
    shop: catalogue.location,
    itemType: catalogue.itemType,
    vendor: (await ok(owner, 'POST', '/api/customers', { name: 'Parts Ltd', isVendor: true, email: vendorEmail })).id,
    mute: (await ok(owner, 'POST', '/api/customers', { name: 'No Mail Ltd', isVendor: true })).id,
    x1: await model('X1', 300),
    x2: await model('X2', null),
    otherVendor: (await ok(other, 'POST', '/api/customers', { name: 'Theirs', isVendor: true })).id,
  };
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('a draft is numbered per company, costs default to the model’s, is edited while a draft, listed by status and vendor, and exported', async () => {
  const first = await draft([{ modelId: ids.x1, quantity: 3 }]);
  expect(first).toMatchObject({
    status: 'draft',
    vendorName: 'Parts Ltd',
    quantity: 3,
    received: 0,
    total: 900,
    lines: [{ modelName: 'X1', quantity: 3, unitCost: 300, received: 0, due: 3 }],
  });
  expect(first.reference).toBe(`PO-${String(first.number).padStart(4, '0')}`);
  const second = await draft([{ modelId: ids.x2, quantity: 1, unitCost: 12.5 }], ids.mute);
  expect(second.number).toBe(first.number + 1);
  // Another company counts its own orders from 1.
  const theirs = await ok(other, 'POST', '/api/purchase-orders', {
    vendorId: ids.otherVendor,
    lines: [
      {
        modelId: (
          await ok(other, 'POST', '/api/product-models', {
            name: 'Y',
            itemTypeId: (await defaultCatalogue(ctx.app, other)).itemType,
          })
        ).id,
        quantity: 1,
        unitCost: 1,
      },
    ],
  });
  expect(theirs.reference).toBe('PO-0001');

  // What a draft refuses: a model with no cost and none given, a model twice, a customer who is no vendor.
  const noCost = await call(keeper, 'POST', '/api/purchase-orders', {
    vendorId: ids.vendor,
    lines: [{ modelId: ids.x2, quantity: 1 }],
  });
  expect(noCost.statusCode).toBe(400);
  expect(noCost.json().message).toMatch(/X2 has no cost/);
  const twice = await call(keeper, 'POST', '/api/purchase-orders', {
    vendorId: ids.vendor,
    lines: [
      { modelId: ids.x1, quantity: 1 },
      { modelId: ids.x1, quantity: 2 },
    ],
  });
  expect(twice.statusCode).toBe(400);
  const customer = (await ok(owner, 'POST', '/api/customers', { name: 'Walk-in' })).id;
  expect(
    (
      await call(keeper, 'POST', '/api/purchase-orders', {
        vendorId: customer,
        lines: [{ modelId: ids.x1, quantity: 1 }],
      })
    ).statusCode,
  ).toBe(400);
  expect((await call(keeper, 'POST', '/api/purchase-orders', { vendorId: ids.vendor, lines: [] })).statusCode).toBe(
    400,
  );

  const edited = await ok(keeper, 'PUT', `/api/purchase-orders/${second.id}`, {
    note: 'urgent',
    lines: [
      { modelId: ids.x2, quantity: 4, unitCost: 10 },
      { modelId: ids.x1, quantity: 1 },
    ],
  });
  expect(edited).toMatchObject({ note: 'urgent', quantity: 5, total: 340 });
  expect(edited.lines.map((l: { modelName: string }) => l.modelName)).toEqual(['X2', 'X1']);

  const page = await ok(keeper, 'GET', `/api/purchase-orders?vendorId=${ids.mute}&status=draft&limit=1`);
  expect(page.items.map((o: { id: string }) => o.id)).toEqual([second.id]);
  const drafts = await ok(keeper, 'GET', '/api/purchase-orders?status=draft&limit=1');
  expect(drafts.items).toHaveLength(1);
  const next = await ok(keeper, 'GET', `/api/purchase-orders?status=draft&limit=1&cursor=${drafts.nextCursor}`);
  expect(next.items[0].number).toBeLessThan(drafts.items[0].number);
  const csv = await call(keeper, 'GET', `/api/purchase-orders?vendorId=${ids.mute}&format=csv`);
  expect(csv.statusCode).toBe(200);
  expect(csv.body).toContain('Purchase order');
  expect(csv.body).toContain(`${second.reference},No Mail Ltd,Draft,5,0,340`);
});

test('sending mails the order to the vendor as a PDF; a vendor without email is refused; a sent order is no longer edited', async () => {
  const mute = await draft([{ modelId: ids.x1, quantity: 1 }], ids.mute);
  const noMail = await call(keeper, 'POST', `/api/purchase-orders/${mute.id}/send`, {});
  expect(noMail.statusCode).toBe(400);
  expect(noMail.json().message).toBe('No Mail Ltd has no email address: add one to the vendor, then send the order.');
  expect((await ok(keeper, 'GET', `/api/purchase-orders/${mute.id}`)).status).toBe('draft');

  const order = await draft([{ modelId: ids.x1, quantity: 2 }]);
  const sent = await ok(keeper, 'POST', `/api/purchase-orders/${order.id}/send`, { lang: 'tr' });
  expect(sent).toMatchObject({ status: 'sent', sentTo: vendorEmail });
  const mail = (await mailsTo(vendorEmail)).find((m) => m.subject.includes(order.reference))!;
  expect(mail.subject).toContain(`${order.reference} numaralı satın alma siparişi`);
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]).toMatchObject({ filename: `${order.reference}.pdf`, contentType: 'application/pdf' });
  expect(Buffer.from(mail.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

  const again = await call(keeper, 'POST', `/api/purchase-orders/${order.id}/send`, {});
  expect(again.statusCode).toBe(409);
  const edit = await call(keeper, 'PUT', `/api/purchase-orders/${order.id}`, { note: 'late change' });
  expect(edit.statusCode).toBe(409);
  expect(edit.json().code).toBe('PURCHASE_ORDER_STATUS');
  const pdf = await call(keeper, 'GET', `/api/purchase-orders/${order.id}/order.pdf`);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
});

test('an order is received in two parts: each part fills model and cost, counts against the order and names it; more than ordered is refused', async () => {
  const order = await draft([
    { modelId: ids.x1, quantity: 3, unitCost: 280 },
    { modelId: ids.x2, quantity: 1, unitCost: 15 },
  ]);
  const receive = (who: Tenant, modelId: string, list: string[]) =>
    call(who, 'POST', `/api/purchase-orders/${order.id}/receive`, { modelId, locationId: ids.shop, serials: list });

  // A draft is not received against: it was never sent.
  const early = await receive(receiver, ids.x1, serials(1));
  expect(early.statusCode).toBe(409);
  expect(early.json().message).toBe(
    `${order.reference} is a draft: send it to the vendor before receiving against it.`,
  );
  await ok(keeper, 'POST', `/api/purchase-orders/${order.id}/send`, {});

  // First part: two of three X1, by someone who receives but may not read costs.
  const firstSerials = serials(2);
  const first = await receive(receiver, ids.x1, firstSerials);
  expect(first.statusCode).toBe(201);
  const part = first.json();
  expect(part.items.map((i: { serial: string }) => i.serial)).toEqual(firstSerials);
  expect(part.items[0]).toMatchObject({ model: 'X1', modelId: ids.x1, vendorId: ids.vendor });
  expect(part.items[0]).not.toHaveProperty('cost');
  expect(part.order).toMatchObject({ status: 'partly_received', quantity: 4, received: 2 });
  expect(part.order.lines[0]).toMatchObject({ modelName: 'X1', received: 2, due: 1 });
  expect(part.order.lines[0]).not.toHaveProperty('unitCost');
  expect(part.order).not.toHaveProperty('total');

  // The owner sees the line's cost on the item, and its history names the order.
  const item = await ok(owner, 'GET', `/api/items/${part.items[0].id}`);
  expect(item.cost).toBe(280);
  const history = await ok(owner, 'GET', `/api/items/${part.items[0].id}/history`);
  expect(history.events[0]).toMatchObject({
    kind: 'receive',
    purchaseOrderId: order.id,
    purchaseOrderNumber: order.number,
  });

  // More than is due: refused with what is due, nothing received.
  const over = serials(2);
  const refused = await receive(receiver, ids.x1, over);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({
    code: 'PURCHASE_ORDER_OVER_RECEIVED',
    message: `${order.reference} has 1 of X1 still due: 2 scanned is more than ordered. Remove 1 or receive them without the order.`,
  });
  expect((await call(owner, 'GET', `/api/items/by-serial/${over[0]}`)).statusCode).toBe(404);
  // A model not on the order.
  const stranger = (await ok(owner, 'POST', '/api/product-models', { name: 'Z9', itemTypeId: ids.itemType })).id;
  expect((await receive(receiver, stranger, serials(1))).statusCode).toBe(400);

  // The rest: the order is received, and takes no more.
  await ok(receiver, 'POST', `/api/purchase-orders/${order.id}/receive`, {
    modelId: ids.x1,
    locationId: ids.shop,
    serials: serials(1),
  });
  const done = (
    await ok(receiver, 'POST', `/api/purchase-orders/${order.id}/receive`, {
      modelId: ids.x2,
      locationId: ids.shop,
      serials: serials(1),
    })
  ).order;
  expect(done).toMatchObject({ status: 'received', received: 4 });
  expect((await receive(receiver, ids.x2, serials(1))).statusCode).toBe(409);
  expect((await call(keeper, 'POST', `/api/purchase-orders/${order.id}/cancel`)).statusCode).toBe(409);
  const open = await ok(receiver, 'GET', '/api/purchase-orders?status=open');
  expect(open.items.map((o: { id: string }) => o.id)).not.toContain(order.id);
});

test('a line of a model tracked by quantity is received as a quantity: added at the location, on the ledger naming the order, never more than due', async () => {
  const cases = (
    await ok(owner, 'POST', '/api/product-models', { name: 'Clear case', itemTypeId: ids.itemType, cost: 4 })
  ).id as string;
  await ok(owner, 'PUT', `/api/product-models/${cases}`, { trackedByQuantity: true });
  const order = await draft([
    { modelId: ids.x1, quantity: 1, unitCost: 250 },
    { modelId: cases, quantity: 10, unitCost: 3.75 },
  ]);
  expect(order.lines.map((l: { trackedByQuantity: boolean }) => l.trackedByQuantity)).toEqual([false, true]);
  await ok(keeper, 'POST', `/api/purchase-orders/${order.id}/send`, {});
  const receive = (who: Tenant, body: Record<string, unknown>) =>
    call(who, 'POST', `/api/purchase-orders/${order.id}/receive`, { locationId: ids.shop, ...body });
  const onHand = async () => (await ok(owner, 'GET', `/api/product-models/${cases}/stock`)).onHand as number;

  // Each line is received its own way; what belongs to the other is refused, nothing received.
  for (const [body, field] of [
    [{ modelId: cases, serials: serials(1) }, 'serials'],
    [{ modelId: cases }, 'quantity'],
    [{ modelId: cases, quantity: 2, salePrice: 9 }, 'salePrice'],
    [{ modelId: cases, quantity: 2, note: 'two\nlines' }, 'note'],
    [{ modelId: ids.x1, quantity: 1 }, 'quantity'],
    [{ modelId: ids.x1 }, 'serials'],
  ] as const) {
    const refused = await receive(receiver, body);
    expect({ status: refused.statusCode, field: refused.json().field }).toEqual({ status: 400, field });
  }
  expect((await receive(receiver, { modelId: cases, quantity: 0 })).statusCode).toBe(400);
  const theirShop = (await defaultCatalogue(ctx.app, other)).location;
  expect((await receive(receiver, { modelId: cases, quantity: 2, locationId: theirShop })).statusCode).toBe(400);
  // Who buys but does not receive; another company.
  expect((await receive(keeper, { modelId: cases, quantity: 2 })).statusCode).toBe(403);
  expect((await receive(other, { modelId: cases, quantity: 2 })).statusCode).toBe(404);
  expect(await onHand()).toBe(0);

  await ok(receiver, 'POST', `/api/purchase-orders/${order.id}/receive`, {
    modelId: ids.x1,
    locationId: ids.shop,
    serials: serials(1),
  });
  // 6 of 10 by someone who may not read costs: in stock, counted on the line, the order partly received.
  const first = await receive(receiver, { modelId: cases, quantity: 6, note: 'Box 1 of 2' });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({
    items: [],
    stock: { modelId: cases, onHand: 6, locations: [{ locationId: ids.shop, onHand: 6 }] },
    order: { status: 'partly_received', received: 7 },
  });
  expect(first.json().order.lines[1]).toMatchObject({ modelName: 'Clear case', received: 6, due: 4 });
  expect(first.json().order.lines[1]).not.toHaveProperty('unitCost');
  // The ledger's receive row names the order, at the line's cost (seen by who reads costs).
  const ledger = await ok(owner, 'GET', `/api/product-models/${cases}/stock/moves`);
  expect(ledger.items).toEqual([
    expect.objectContaining({
      kind: 'receive',
      delta: 6,
      onHandAfter: 6,
      cost: 3.75,
      reason: 'Box 1 of 2',
      purchaseOrderId: order.id,
      purchaseOrderReference: order.reference,
    }),
  ]);
  expect((await ok(receiver, 'GET', `/api/product-models/${cases}/stock/moves`)).items[0]).not.toHaveProperty('cost');

  // More than is due: refused with what is due, nothing received.
  const over = await receive(receiver, { modelId: cases, quantity: 5 });
  expect(over.statusCode).toBe(409);
  expect(over.json()).toMatchObject({
    code: 'PURCHASE_ORDER_OVER_RECEIVED',
    field: 'quantity',
    message: `${order.reference} has 4 of Clear case still due: 5 is more than ordered. Receive 4 against it and the rest without the order.`,
  });
  expect(await onHand()).toBe(6);

  // The rest: the order is received, and takes no more.
  const rest = await ok(receiver, 'POST', `/api/purchase-orders/${order.id}/receive`, {
    modelId: cases,
    locationId: ids.shop,
    quantity: 4,
  });
  expect(rest.order).toMatchObject({ status: 'received', quantity: 11, received: 11 });
  expect(rest.stock.onHand).toBe(10);
  expect((await receive(receiver, { modelId: cases, quantity: 1 })).statusCode).toBe(409);
  expect(await onHand()).toBe(10);
});

test('cancel: a draft or a sent order is cancelled and received against no more', async () => {
  const order = await draft([{ modelId: ids.x1, quantity: 1 }]);
  await ok(keeper, 'POST', `/api/purchase-orders/${order.id}/send`, {});
  const cancelled = await ok(keeper, 'POST', `/api/purchase-orders/${order.id}/cancel`);
  expect(cancelled.status).toBe('cancelled');
  expect(cancelled.cancelledAt).not.toBeNull();
  const late = await call(receiver, 'POST', `/api/purchase-orders/${order.id}/receive`, {
    modelId: ids.x1,
    locationId: ids.shop,
    serials: serials(1),
  });
  expect(late.statusCode).toBe(409);
  expect((await call(keeper, 'POST', `/api/purchase-orders/${order.id}/cancel`)).statusCode).toBe(409);
});

test('roles and tenancy: purchasing.manage writes, a receiver reads, a seller nothing; another company sees none', async () => {
  const order = await draft([{ modelId: ids.x1, quantity: 1 }]);
  expect((await call(seller, 'GET', '/api/purchase-orders')).statusCode).toBe(403);
  expect((await call(seller, 'GET', `/api/purchase-orders/${order.id}`)).statusCode).toBe(403);
  expect((await call(receiver, 'GET', `/api/purchase-orders/${order.id}`)).statusCode).toBe(200);
  expect(
    (
      await call(receiver, 'POST', '/api/purchase-orders', {
        vendorId: ids.vendor,
        lines: [{ modelId: ids.x1, quantity: 1 }],
      })
    ).statusCode,
  ).toBe(403);
  expect((await call(receiver, 'POST', `/api/purchase-orders/${order.id}/send`, {})).statusCode).toBe(403);
  expect((await call(receiver, 'POST', `/api/purchase-orders/${order.id}/cancel`)).statusCode).toBe(403);
  // The storekeeper buys but does not receive.
  expect(
    (
      await call(keeper, 'POST', `/api/purchase-orders/${order.id}/receive`, {
        modelId: ids.x1,
        locationId: ids.shop,
        serials: serials(1),
      })
    ).statusCode,
  ).toBe(403);

  // A buyer who may not read customers picks from the vendors alone.
  const contacts = (await ok(keeper, 'GET', '/api/customers?limit=100')).items as Array<{
    name: string;
    isVendor: boolean;
  }>;
  expect(contacts.map((c) => c.name)).toEqual(expect.arrayContaining(['Parts Ltd', 'No Mail Ltd']));
  expect(contacts.every((c) => c.isVendor)).toBe(true);
  expect((await ok(owner, 'GET', '/api/customers?limit=100')).items.map((c: { name: string }) => c.name)).toContain(
    'Walk-in',
  );

  // Another company: not found, and its vendors and models are not ours to order.
  expect((await call(other, 'GET', `/api/purchase-orders/${order.id}`)).statusCode).toBe(404);
  expect((await call(other, 'PUT', `/api/purchase-orders/${order.id}`, { note: 'x' })).statusCode).toBe(404);
  expect((await call(other, 'POST', `/api/purchase-orders/${order.id}/cancel`)).statusCode).toBe(404);
  const list = await ok(other, 'GET', '/api/purchase-orders');
  expect(list.items.map((o: { id: string }) => o.id)).not.toContain(order.id);
  expect(
    (
      await call(other, 'POST', '/api/purchase-orders', {
        vendorId: ids.vendor,
        lines: [{ modelId: ids.x1, quantity: 1, unitCost: 1 }],
      })
    ).statusCode,
  ).toBe(400);
  expect((await ok(owner, 'GET', `/api/purchase-orders/${order.id}`)).status).toBe('draft');
});
