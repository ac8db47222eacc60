import { inTenant } from '../src/db/tenant.js';
import { sendDigests } from '../src/modules/alerts/index.js';
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

// A shop lends a demo phone to a colleague and a loaner to a customer: while lent the item is
// counted but cannot be sold; a loan past its due time is an alert (and in the digest) for who
// lends; checked in, the item is what it was and sells again; its history shows each loan.
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let seller: Tenant;
let other: Tenant;
let ids: { shop: string; itemType: string; customer: string };

const { call, ok } = callsAs(() => ctx.app);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
async function receive(n: number): Promise<Array<{ id: string; serial: string }>> {
  const serials = Array.from({ length: n }, () => unique('LN-'));
  return (await ok(owner, 'POST', '/api/items/receive', { itemTypeId: ids.itemType, locationId: ids.shop, serials }))
    .items;
}
/** The loan as if made two days ago and due yesterday (the API only takes a due time in the future). */
const backdate = (loanId: string) =>
  inTenant(ctx.db, owner.companyId, (q) =>
    q.query(
      `UPDATE loans SET checked_out_at = now() - interval '2 days', due_at = now() - interval '1 day' WHERE id = $1`,
      [loanId],
    ),
  );
const outbox = (to: string) =>
  ctx.db.query<{ subject: string; text: string }>(
    `SELECT subject, body AS text FROM mail_outbox
      WHERE lower(to_address) = lower($1) AND subject LIKE '%stock alert%' ORDER BY created_at`,
    [to],
  );

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Loan Co '), premium: true });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  other = await registerCompany(ctx.app, unique('Other Co '));
  const catalogue = await defaultCatalogue(ctx.app, owner);
  ids = {
    shop: catalogue.location,
    itemType: catalogue.itemType,
    customer: (await ok(owner, 'POST', '/api/customers', { name: 'Ada Borrower' })).id,
  };
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('an item lent to a colleague is counted but not sellable, overdue is an alert and mailed, and checked in it sells again', async () => {
  const [phone] = await receive(1);
  const out = await call(keeper, 'POST', '/api/loans', {
    serial: phone!.serial,
    userId: seller.userId,
    dueAt: inDays(3),
    note: 'Demo unit for the fair',
  });
  expect(out.statusCode).toBe(201);
  const loan = out.json();
  expect(loan).toMatchObject({
    itemId: phone!.id,
    borrowerKind: 'user',
    borrowerName: 'Ivy Invitee',
    fromStatus: 'in_stock',
    overdue: false,
    checkedInAt: null,
    note: 'Demo unit for the fair',
  });
  expect((await ok(owner, 'GET', `/api/items/${phone!.id}`)).status).toBe('on_loan');
  // A second check-out of it is refused while it is out.
  const twice = await call(owner, 'POST', '/api/loans', {
    itemId: phone!.id,
    customerId: ids.customer,
    dueAt: inDays(1),
  });
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toContain('on loan already');

  // The sale is refused, naming why; nothing is sold.
  const sale = await call(owner, 'POST', '/api/sales', { lines: [{ serial: phone!.serial, price: 10 }] });
  expect(sale.statusCode).toBe(409);
  expect(sale.json().message).toBe(`${phone!.serial}: on-loan items cannot be sold. Nothing was changed.`);
  // Still counted as the company's stock, under its own status.
  const status = await ok(owner, 'GET', '/api/reports/warehouse-status');
  expect(JSON.stringify(status)).toContain('on_loan');

  // Not overdue yet: no alert. Once the due time has passed, who lends sees it; a seller does not.
  const lendAlerts = async (who: Tenant) =>
    (await ok(who, 'GET', '/api/alerts')).items.find((a: { kind: string }) => a.kind === 'overdue-loans');
  expect((await lendAlerts(keeper))?.lines ?? []).not.toContainEqual(expect.objectContaining({ id: loan.id }));
  await backdate(loan.id);
  const alert = await lendAlerts(keeper);
  expect(alert.path).toBe('/item-status/loans?view=overdue');
  const line = alert.lines.find((l: { id: string }) => l.id === loan.id);
  expect(line.text).toContain(`${phone!.serial} — lent to Ivy Invitee, due `);
  expect((await call(seller, 'GET', '/api/alerts')).statusCode).toBe(403);
  const overdue = await ok(keeper, 'GET', '/api/loans?view=overdue');
  expect(overdue.items.map((l: { id: string }) => l.id)).toEqual([loan.id]);
  expect(overdue.items[0].overdue).toBe(true);

  // The day's digest mails the owner and the storekeeper (items.lend), not the seller.
  await sendDigests(
    { db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log, publicUrl: 'http://localhost:8080' },
    '2031-05-01',
  );
  const [mail] = await outbox(keeper.email);
  expect(mail!.text).toContain('1 loan is overdue');
  expect(mail!.text).toContain(`${phone!.serial} — lent to Ivy Invitee`);
  expect(mail!.text).toContain('http://localhost:8080/item-status/loans?view=overdue');
  expect(await outbox(owner.email)).toHaveLength(1);
  expect(await outbox(seller.email)).toEqual([]);

  // Checked in: what it was before, sellable again; a second check-in is refused.
  const back = await call(keeper, 'POST', `/api/loans/${loan.id}/check-in`, { note: 'Back without a scratch' });
  expect(back.statusCode).toBe(200);
  expect(back.json()).toMatchObject({ checkedInBy: keeper.userName, overdue: false });
  expect((await call(keeper, 'POST', `/api/loans/${loan.id}/check-in`, {})).statusCode).toBe(409);
  expect((await ok(owner, 'GET', `/api/items/${phone!.id}`)).status).toBe('in_stock');
  expect(await lendAlerts(keeper)).toBeUndefined();
  expect((await ok(owner, 'GET', '/api/loans?view=returned')).items[0].id).toBe(loan.id);

  // The history: the check-out (by whom, to whom, due when) and the check-in.
  const history = (await ok(owner, 'GET', `/api/items/${phone!.id}/history`)).events;
  const kinds = history.map((e: { kind: string }) => e.kind);
  expect(kinds).toEqual(['receive', 'check_out', 'check_in']);
  expect(history[1]).toMatchObject({
    fromStatus: 'in_stock',
    toStatus: 'on_loan',
    userName: keeper.userName,
    loanId: loan.id,
    loanBorrower: 'Ivy Invitee',
    note: 'Demo unit for the fair',
  });
  expect(history[1].loanDueAt).toBeTruthy();
  expect(history[2]).toMatchObject({ toStatus: 'in_stock', note: 'Back without a scratch', loanId: loan.id });

  await ok(owner, 'POST', '/api/sales', { lines: [{ serial: phone!.serial, price: 10 }] });
});

test('a loan to a customer; the open list leads with the overdue ones, pages by keyset and exports CSV', async () => {
  const [a, b, c] = await receive(3);
  const lend = (item: { id: string }, days: number) =>
    ok(owner, 'POST', '/api/loans', { itemId: item.id, customerId: ids.customer, dueAt: inDays(days) });
  const late = await lend(a!, 5);
  const soon = await lend(b!, 1);
  const later = await lend(c!, 9);
  expect(soon).toMatchObject({ borrowerKind: 'customer', borrowerName: 'Ada Borrower', customerId: ids.customer });
  await backdate(late.id);

  const first = await ok(owner, 'GET', '/api/loans?limit=2');
  expect(first.items.map((l: { id: string }) => l.id)).toEqual([late.id, soon.id]);
  const second = await ok(owner, 'GET', `/api/loans?limit=2&cursor=${first.nextCursor}`);
  expect(second.items.map((l: { id: string }) => l.id)).toEqual([later.id]);
  expect(second.nextCursor).toBeNull();
  expect((await ok(owner, 'GET', `/api/loans?itemId=${b!.id}`)).items).toHaveLength(1);

  const csv = await call(keeper, 'GET', '/api/loans?format=csv');
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toContain('text/csv');
  expect(csv.body).toContain(a!.serial);
  expect(csv.body).toContain('Ada Borrower');

  // The borrowers a lender picks from: users and customers.
  const people = (await ok(keeper, 'GET', '/api/loans/borrowers?q=borrow')).items;
  expect(people).toEqual([expect.objectContaining({ kind: 'customer', id: ids.customer, name: 'Ada Borrower' })]);

  // Nothing of this company's stays overdue (the digest of other test files looks at every company).
  for (const loan of [late, soon, later]) await ok(owner, 'POST', `/api/loans/${loan.id}/check-in`, {});
});

test('bad input is a clear 400, nothing is written; only what is at hand can be lent', async () => {
  const [item] = await receive(1);
  const bad = async (body: Record<string, unknown>, field: string) => {
    const res = await call(owner, 'POST', '/api/loans', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  };
  await bad({ itemId: item!.id, dueAt: inDays(1) }, 'userId');
  await bad({ itemId: item!.id, userId: seller.userId, customerId: ids.customer, dueAt: inDays(1) }, 'userId');
  await bad({ userId: seller.userId, dueAt: inDays(1) }, 'itemId');
  await bad({ itemId: item!.id, userId: seller.userId, dueAt: inDays(-1) }, 'dueAt');
  await bad({ itemId: item!.id, userId: seller.userId, dueAt: 'tomorrow' }, 'dueAt');
  await bad({ itemId: item!.id, userId: other.userId, dueAt: inDays(1) }, 'userId');
  expect((await ok(owner, 'GET', `/api/items/${item!.id}`)).status).toBe('in_stock');

  // A sold item is not lent.
  await ok(owner, 'POST', '/api/sales', { lines: [{ itemId: item!.id, price: 10 }] });
  const sold = await call(owner, 'POST', '/api/loans', { itemId: item!.id, userId: seller.userId, dueAt: inDays(1) });
  expect(sold.statusCode).toBe(409);
  expect(sold.json().message).toContain('only items in stock, reserved or returned can be lent');

  // Only a check-out puts an item on loan: not a status change, not a transaction type.
  const [free] = await receive(1);
  const types = (await ok(owner, 'GET', '/api/transaction-types')).items;
  const change = types.find((t: { kind: string; builtIn: boolean }) => t.kind === 'status_change' && t.builtIn);
  const run = await call(owner, 'POST', '/api/transactions', {
    transactionTypeId: change.id,
    itemIds: [free!.id],
    toStatus: 'on_loan',
  });
  expect(run.statusCode).toBe(400);
  expect(run.json().message).toContain('check-out');
});

test('tenancy and claims: another company cannot see or check in a loan; a seller may not lend', async () => {
  const [item] = await receive(1);
  const loan = await ok(keeper, 'POST', '/api/loans', { itemId: item!.id, userId: keeper.userId, dueAt: inDays(2) });
  expect((await call(other, 'GET', `/api/loans/${loan.id}`)).statusCode).toBe(404);
  expect((await call(other, 'POST', `/api/loans/${loan.id}/check-in`, {})).statusCode).toBe(404);
  expect((await ok(other, 'GET', '/api/loans?view=all')).items).toEqual([]);
  // another company's item is not found for a check-out
  const theirs = await call(other, 'POST', '/api/loans', { itemId: item!.id, userId: other.userId, dueAt: inDays(2) });
  expect(theirs.statusCode).toBe(404);
  // a Rapid Seller holds neither items.lend nor reports.view
  expect((await call(seller, 'GET', '/api/loans')).statusCode).toBe(403);
  expect(
    (await call(seller, 'POST', '/api/loans', { itemId: item!.id, userId: seller.userId, dueAt: inDays(2) }))
      .statusCode,
  ).toBe(403);
  expect((await call(seller, 'POST', `/api/loans/${loan.id}/check-in`, {})).statusCode).toBe(403);
  await ok(keeper, 'POST', `/api/loans/${loan.id}/check-in`, {});
});

test('a stock-take does not count a lent item missing: it is away with whom the loan says', async () => {
  const [lent, onShelf] = await receive(2);
  const loan = await ok(keeper, 'POST', '/api/loans', { itemId: lent!.id, userId: seller.userId, dueAt: inDays(2) });
  const count = await ok(keeper, 'POST', '/api/stocktakes', { locationId: ids.shop });
  await ok(keeper, 'POST', `/api/stocktakes/${count.id}/close`);
  const missing = (await ok(keeper, 'GET', `/api/stocktakes/${count.id}/variance?outcome=missing&limit=100`)).items;
  const serials = missing.map((l: { serial: string }) => l.serial);
  expect(serials).toContain(onShelf!.serial);
  expect(serials).not.toContain(lent!.serial);
  await ok(keeper, 'POST', `/api/loans/${loan.id}/check-in`, {});
});
