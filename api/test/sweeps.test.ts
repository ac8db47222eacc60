import { decodeJwt } from 'jose';
import { PREMIUM_PLAN_ID } from '../src/modules/subscriptions/service.js';
import { BUILT_IN_ROLES } from '../src/modules/auth/accounts.js';
import { PERMISSION_KEY, SELF_KEY } from '../src/access/index.js';
import { writableTables } from './catalogue.js';
import {
  addUser,
  bearer,
  closeShared,
  registerCompany,
  signIn,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// Security sweeps generated from the OpenAPI document: a new route is swept the day it exists.
// A route this file cannot call (no id, body or expectation known for it) fails until it is added.
type Operation = { operationId: string; security?: unknown[]; [PERMISSION_KEY]?: string[]; [SELF_KEY]?: boolean };
type Route = { method: string; path: string; op: Operation };

const OWNER = 'Company Owner';
const NO_CLAIMS = 'No Claims (custom)';
type Caller = (typeof BUILT_IN_ROLES)[number] | typeof NO_CLAIMS;

// ── The expected role matrix: one table, written from the issue, not from the code ──────────
// O owner · A admin · S storekeeper · N new item operator · R rapid seller · M account manager.
// A role with no claims (the eighth caller) may only use its own session: the * rows.
const ROLE_LETTERS: Record<string, Caller> = {
  O: OWNER,
  A: 'Admin',
  S: 'Storekeeper',
  N: 'New Item Operator',
  R: 'Rapid Seller',
  M: 'Account Manager',
};
const MATRIX: Record<string, string> = {
  // own session: everybody, even a role without claims
  getUser: '*',
  updateUser: '*',
  connectGoogle: '*',
  listSessions: '*',
  endSession: '*',
  endOtherSessions: '*',
  getMyCompany: '*',
  getCompany: '*',
  getCurrentSubscription: '*',
  getMyAccess: '*',
  getRecoveryCodesLeft: '*',
  replaceRecoveryCodes: '*',
  setMyLanguage: '*',
  // company, users, roles, claims, invitations
  updateCompany: 'OA',
  getMfaPolicy: 'OA',
  updateMfaPolicy: 'OA',
  listUsers: 'OA',
  getUserLimit: 'OA',
  createInvitation: 'OA',
  listInvitations: 'OA',
  revokeInvitation: 'OA',
  resendInvitation: 'OA',
  deactivateUser: 'OA',
  reactivateUser: 'OA',
  listRoles: 'OA',
  createRole: 'OA',
  renameRole: 'OA',
  deleteRole: 'OA',
  getRoleClaims: 'OA',
  setRoleClaims: 'OA',
  setClaimsOfRoles: 'OA',
  setUserRoles: 'OA',
  // billing: the owner only (Admin has everything but billing)
  createCheckout: 'O',
  getBillingOverview: 'O',
  cancelSubscription: 'O',
  resumeSubscription: 'O',
  getPlanUsage: '*',
  // catalogue: read by whoever works with items, written by settings managers
  listItemTypes: 'OASNR',
  getItemType: 'OASNR',
  createItemType: 'OA',
  updateItemType: 'OA',
  deleteItemType: 'OA',
  listBrands: 'OASNR',
  getBrand: 'OASNR',
  createBrand: 'OA',
  updateBrand: 'OA',
  deleteBrand: 'OA',
  listLocations: 'OASNR',
  getLocation: 'OASNR',
  createLocation: 'OA',
  updateLocation: 'OA',
  deleteLocation: 'OA',
  listTransactionTypes: 'OASNR',
  getTransactionType: 'OASNR',
  createTransactionType: 'OA',
  updateTransactionType: 'OA',
  deleteTransactionType: 'OA',
  listStatuses: 'OASNR',
  renameStatus: 'OA',
  getLabelSettings: 'OASNR',
  updateLabelSettings: 'OA',
  // customers and vendors: the account manager manages; receivers pick vendors, sellers customers
  // a buyer (purchasing.manage) reads the vendors alone, to order from them
  listCustomers: 'OASNRM',
  getCustomer: 'OANRM',
  // A new buyer at the till, a new supplier at reception: whoever sells or receives adds one.
  createCustomer: 'OANRM',
  updateCustomer: 'OAM',
  deleteCustomer: 'OAM',
  // items and the engine
  receiveItems: 'OAN',
  listItems: 'OASNR',
  getItem: 'OASNR',
  getItemBySerial: 'OASNR',
  getItemHistory: 'OASNR',
  updateItem: 'OAS',
  runTransaction: 'OAS',
  createSale: 'OAR',
  listSales: 'OASRM',
  getSale: 'OASRM',
  getSaleReceiptPdf: 'OASRM',
  voidSale: 'OA',
  // warranty claims: opened and advanced by who handles repairs; read by whoever sees the item
  listItemWarrantyClaims: 'OASNR',
  openWarrantyClaim: 'OAS',
  advanceWarrantyClaim: 'OAS',
  // stock-takes: counted by who keeps the stock (stock.count); read too by who reads reports
  listStocktakes: 'OAS',
  getStocktake: 'OAS',
  getStocktakeVariance: 'OAS',
  openStocktake: 'OAS',
  scanStocktake: 'OAS',
  pauseStocktake: 'OAS',
  resumeStocktake: 'OAS',
  closeStocktake: 'OAS',
  applyStocktake: 'OAS',
  // loans: lent and checked in by who keeps the stock (items.lend); read too by who reads reports
  listLoans: 'OAS',
  getLoan: 'OAS',
  listLoanBorrowers: 'OAS',
  checkOutItem: 'OAS',
  checkInLoan: 'OAS',
  // product models: the catalogue, read and written as brands and item types are
  listProductModels: 'OASNR',
  getProductModel: 'OASNR',
  createProductModel: 'OA',
  updateProductModel: 'OA',
  // quantity stock: read as the catalogue is (and by who counts); moved with the same claims as items
  getQuantityStock: 'OASNR',
  listQuantityMoves: 'OASNR',
  receiveQuantity: 'OAN',
  moveQuantity: 'OAS',
  countQuantity: 'OAS',
  returnQuantityLine: 'OA',
  // reorder alerts: who answers for the stock (stock.reorder) and who reads reports
  getToReorderReport: 'OAS',
  listAlerts: 'OAS',
  // tasks: everyone at work sees and closes their own; process or user managers assign
  listTasks: 'OASNRM',
  completeTask: 'OASNRM',
  createTask: 'OAS',
  getTaskQueues: 'OASNRM',
  // reports: whoever holds reports.view; a customer's history: customers.view; the dashboard: dashboard.view
  getTrackingReport: 'OAS',
  getWarehouseStatus: 'OAS',
  getInventoryReport: 'OAS',
  getWarrantyReport: 'OAS',
  getCustomerHistory: 'OARM',
  getDashboard: 'OA',
  // live updates: any role that may read something a change names; a role with no claims reads nothing
  createEventTicket: 'OASNRM',
  // imports are receptions by file
  importItems: 'OAN',
  listImports: 'OAN',
  getImport: 'OAN',
  // single sign-on providers: company settings
  listSsoProviders: 'OA',
  // adding or changing a provider: the owner only (it signs in anyone of the company, owners too)
  createSsoProvider: 'O',
  updateSsoProvider: 'O',
  deleteSsoProvider: 'OA',
  // the audit log of settings: read by who manages the settings (settings.manage)
  getAuditLog: 'OA',
  // purchase orders: written, sent and cancelled by who buys (purchasing.manage); read by them and by
  // who receives (items.receive), who receives against them
  listPurchaseOrders: 'OASN',
  getPurchaseOrder: 'OASN',
  createPurchaseOrder: 'OAS',
  updatePurchaseOrder: 'OAS',
  sendPurchaseOrder: 'OAS',
  getPurchaseOrderPdf: 'OAS',
  cancelPurchaseOrder: 'OAS',
  receiveAgainstPurchaseOrder: 'OAN',
};
const expectedAllowed = (operationId: string): Caller[] => {
  const row = MATRIX[operationId];
  if (row === undefined) throw new Error(`the role matrix has no row for ${operationId}: add it to MATRIX`);
  if (row === '*') return [...BUILT_IN_ROLES, NO_CLAIMS];
  return [...row].map((l) => ROLE_LETTERS[l]!);
};
/** Signed-in routes outside the access plugin, and why. */
const UNDECLARED = {
  getProfilePicture: 'an <img src> target: takes the picture cookie instead of a bearer token',
};

let ctx: TestContext;
let alpha: Tenant;
let beta: Tenant;
const byRole = new Map<Caller, Tenant>();
let routes: Route[];
const a: Record<string, string> = {};
const tasksFor = new Map<Caller, string>();
let itemPool: string[] = [];

async function post(who: Tenant, url: string, payload: object): Promise<Record<string, unknown>> {
  const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(who.token), payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  ctx = await testApp();
  alpha = await registerCompany(ctx.app, { name: 'Sweep Alpha', premium: true });
  beta = await registerCompany(ctx.app, { name: 'Sweep Beta', premium: true });
  byRole.set(OWNER, alpha);
  for (const role of BUILT_IN_ROLES.filter((r) => r !== OWNER)) byRole.set(role, await addUser(ctx.app, alpha, [role]));
  await post(alpha, '/api/roles', { name: NO_CLAIMS });
  byRole.set(NO_CLAIMS, await addUser(ctx.app, alpha, [NO_CLAIMS]));
  a.user = (await addUser(ctx.app, alpha, ['Storekeeper'])).userId;
  a.session = decodeJwt((await signIn(ctx.app, alpha.userName)).token).session_id as string;
  a.invitation = (await post(alpha, '/api/invitations', { email: `${unique()}@alpha.io`, roles: ['Storekeeper'] }))
    .id as string;
  a.role = (await post(alpha, '/api/roles', { name: unique('Role ') })).id as string;
  a.itemType = (await post(alpha, '/api/item-types', { name: 'Sweep type' })).id as string;
  a.brand = (await post(alpha, '/api/brands', { name: 'Sweep brand' })).id as string;
  a.location = (await post(alpha, '/api/locations', { name: 'Sweep store' })).id as string;
  a.location2 = (await post(alpha, '/api/locations', { name: 'Sweep store 2' })).id as string;
  a.customer = (await post(alpha, '/api/customers', { name: 'Sweep customer', isVendor: true })).id as string;
  a.transactionType = (
    await post(alpha, '/api/transaction-types', {
      name: 'Sweep QC',
      kind: 'process',
      fromStatuses: ['in_stock'],
      toStatus: 'in_process',
    })
  ).id as string;
  const types = (await ctx.app.inject({ url: '/api/transaction-types', headers: bearer(alpha.token) })).json()
    .items as Array<{ id: string; name: string }>;
  a.move = types.find((t) => t.name === 'Move')!.id;
  const received = (await post(alpha, '/api/items/receive', {
    itemTypeId: a.itemType,
    locationId: a.location,
    serials: Array.from({ length: 40 }, () => unique('SW-')),
  })) as { items: Array<{ id: string; serial: string }> };
  a.item = received.items[0]!.id;
  a.serial = received.items[0]!.serial;
  itemPool = received.items.slice(1).map((i) => i.serial);
  a.sale = (await post(alpha, '/api/sales', { lines: [{ serial: itemPool.shift()!, price: 10 }] })).id as string;
  // An item under warranty with a claim open, and a second one to open claims on.
  const underWarranty = (await post(alpha, '/api/items/receive', {
    itemTypeId: a.itemType,
    locationId: a.location,
    serials: [unique('SWW-'), unique('SWW-')],
    warrantyMonths: 12,
  })) as { items: Array<{ id: string; serial: string }> };
  await post(alpha, '/api/sales', { lines: underWarranty.items.map((i) => ({ itemId: i.id, price: 10 })) });
  a.warrantyItem = underWarranty.items[0]!.id;
  a.warrantyClaim = (
    await post(alpha, `/api/items/${underWarranty.items[1]!.id}/warranty-claims`, { fault: 'Sweep fault' })
  ).id as string;
  a.productModel = (await post(alpha, '/api/product-models', { name: 'Sweep model', itemTypeId: a.itemType }))
    .id as string;
  // A model tracked by quantity, with stock at the store and one sale of it.
  a.qtyModel = (await post(alpha, '/api/product-models', { name: 'Sweep cable', itemTypeId: a.itemType })).id as string;
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/product-models/${a.qtyModel}`,
    headers: bearer(alpha.token),
    payload: { trackedByQuantity: true },
  });
  await post(alpha, `/api/product-models/${a.qtyModel}/stock/receive`, { locationId: a.location, quantity: 100 });
  a.qtySale = (await post(alpha, '/api/sales', { lines: [{ modelId: a.qtyModel, quantity: 2, price: 3 }] }))
    .id as string;
  a.task = (await post(alpha, '/api/tasks', { title: 'Sweep task', assigneeUserId: alpha.userId })).id as string;
  a.purchaseOrder = (
    await post(alpha, '/api/purchase-orders', {
      vendorId: a.customer,
      lines: [{ modelId: a.productModel, quantity: 5, unitCost: 1 }],
    })
  ).id as string;
  a.stocktake = (await post(alpha, '/api/stocktakes', { locationId: a.location, note: 'Sweep count' })).id as string;
  await post(alpha, `/api/stocktakes/${a.stocktake}/scans`, { serial: a.serial! });
  a.loan = (
    await post(alpha, '/api/loans', {
      serial: itemPool.shift()!,
      userId: alpha.userId,
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
  ).id as string;
  const imported = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports/items?fileName=sweep.csv',
    headers: { ...bearer(alpha.token), 'content-type': 'text/csv' },
    payload: `serial,itemType,location\n${unique('IMP-')},Sweep type,Sweep store\n`,
  });
  if (imported.statusCode !== 202) throw new Error(`import: ${imported.statusCode} ${imported.body}`);
  a.import = imported.json().id as string;
  for (const [role, who] of byRole)
    tasksFor.set(
      role,
      (await post(alpha, '/api/tasks', { title: `Task of ${role}`, assigneeUserId: who.userId })).id as string,
    );
  // A provider row of Alpha's (its owner's address is on a shared test domain, which the API would refuse).
  a.ssoProvider = await ctx.db.transaction(async (q) => {
    await q.query(`SELECT set_config('app.company_id', $1, true)`, [alpha.companyId]);
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO sso_providers (company_id, domain, issuer, client_id) VALUES ($1, 'sweep-alpha.test', 'https://idp.sweep-alpha.test', 'x') RETURNING id`,
      [alpha.companyId],
    );
    return row!.id;
  });
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}, 240_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

/** Alpha's id for each signed-in route with a path parameter (the caller, for routes that care). */
const ALPHA_IDS: Record<string, (caller?: Caller) => string> = {
  getProfilePicture: () => alpha.userId,
  // A second session of Alpha's owner: ending it leaves the token the sweeps sign in with.
  endSession: () => a.session!,
  getCompany: () => alpha.companyId,
  updateCompany: () => alpha.companyId,
  revokeInvitation: () => a.invitation!,
  resendInvitation: () => a.invitation!,
  deactivateUser: () => a.user!,
  reactivateUser: () => a.user!,
  renameRole: () => a.role!,
  deleteRole: () => a.role!,
  getRoleClaims: () => a.role!,
  setRoleClaims: () => a.role!,
  setUserRoles: () => a.user!,
  getItemType: () => a.itemType!,
  updateItemType: () => a.itemType!,
  deleteItemType: () => a.itemType!,
  getBrand: () => a.brand!,
  updateBrand: () => a.brand!,
  deleteBrand: () => a.brand!,
  getLocation: () => a.location!,
  updateLocation: () => a.location!,
  deleteLocation: () => a.location!,
  getCustomer: () => a.customer!,
  getCustomerHistory: () => a.customer!,
  updateCustomer: () => a.customer!,
  deleteCustomer: () => a.customer!,
  getTransactionType: () => a.transactionType!,
  updateTransactionType: () => a.transactionType!,
  deleteTransactionType: () => a.transactionType!,
  getItem: () => a.item!,
  getItemHistory: () => a.item!,
  updateItem: () => a.item!,
  getItemBySerial: () => a.serial!,
  getSale: () => a.sale!,
  getSaleReceiptPdf: () => a.sale!,
  voidSale: () => a.sale!,
  listItemWarrantyClaims: () => a.warrantyItem!,
  openWarrantyClaim: () => a.warrantyItem!,
  advanceWarrantyClaim: () => a.warrantyClaim!,
  getStocktake: () => a.stocktake!,
  getLoan: () => a.loan!,
  checkInLoan: () => a.loan!,
  getStocktakeVariance: () => a.stocktake!,
  scanStocktake: () => a.stocktake!,
  pauseStocktake: () => a.stocktake!,
  resumeStocktake: () => a.stocktake!,
  closeStocktake: () => a.stocktake!,
  applyStocktake: () => a.stocktake!,
  getProductModel: () => a.productModel!,
  updateProductModel: () => a.productModel!,
  getQuantityStock: () => a.qtyModel!,
  listQuantityMoves: () => a.qtyModel!,
  receiveQuantity: () => a.qtyModel!,
  moveQuantity: () => a.qtyModel!,
  countQuantity: () => a.qtyModel!,
  returnQuantityLine: () => a.qtySale!,
  completeTask: (caller) => (caller ? tasksFor.get(caller)! : a.task!),
  getImport: () => a.import!,
  renameStatus: () => 'in_stock',
  updateSsoProvider: () => a.ssoProvider!,
  deleteSsoProvider: () => a.ssoProvider!,
  getPurchaseOrder: () => a.purchaseOrder!,
  updatePurchaseOrder: () => a.purchaseOrder!,
  sendPurchaseOrder: () => a.purchaseOrder!,
  getPurchaseOrderPdf: () => a.purchaseOrder!,
  cancelPurchaseOrder: () => a.purchaseOrder!,
  receiveAgainstPurchaseOrder: () => a.purchaseOrder!,
};
/** Path parameters that are not ids (a company reaches its own row by them): not a cross-tenant case. */
const NOT_AN_ID = { renameStatus: 'the status key is the same fixed word in every company' };

/** A body that passes validation, for each signed-in route that takes one. */
const BODIES: Record<string, () => object> = {
  updateCompany: () => ({ phone: '+1 555 0199' }),
  updateMfaPolicy: () => ({ requireForOwnersAndAdmins: false }),
  createInvitation: () => ({ email: `${unique()}@sweep.io`, roles: ['Storekeeper'] }),
  createCheckout: () => ({ kind: 'plan', planId: PREMIUM_PLAN_ID, interval: 'month', idempotencyKey: unique('k') }),
  updateUser: () => ({ firstName: 'Sweep' }),
  setMyLanguage: () => ({ language: 'en' }),
  connectGoogle: () => ({ idToken: 'not-a-token' }),
  createSsoProvider: () => ({ domain: 'sweep-alpha.test', issuer: 'https://idp.sweep-alpha.test', clientId: 'x' }),
  updateSsoProvider: () => ({ issuer: 'https://idp.sweep-alpha.test', clientId: 'changed' }),
  createRole: () => ({ name: unique('Role ') }),
  renameRole: () => ({ name: unique('Role ') }),
  setRoleClaims: () => ({ claims: [{ type: 'permission', value: 'items.view' }] }),
  setClaimsOfRoles: () => ({ roles: [{ roleId: a.role, claims: [{ type: 'permission', value: 'items.view' }] }] }),
  setUserRoles: () => ({ roles: ['Storekeeper'] }),
  createItemType: () => ({ name: unique('Type ') }),
  updateItemType: () => ({ warrantyMonths: 6 }),
  createBrand: () => ({ name: unique('Brand ') }),
  updateBrand: () => ({ name: unique('Brand ') }),
  createLocation: () => ({ name: unique('Shelf ') }),
  updateLocation: () => ({ kind: 'store' }),
  createCustomer: () => ({ name: unique('Customer ') }),
  updateCustomer: () => ({ phone: '+1 555 0100' }),
  createTransactionType: () => ({
    name: unique('Type '),
    kind: 'process',
    fromStatuses: ['in_stock'],
    toStatus: 'in_process',
  }),
  updateTransactionType: () => ({ printLabel: true }),
  renameStatus: () => ({ name: 'On the shelf' }),
  updateLabelSettings: () => ({ symbology: 'qr' }),
  receiveItems: () => ({ itemTypeId: a.itemType, locationId: a.location2, serials: [unique('RX-')] }),
  updateItem: () => ({ version: 1, model: 'Sweep model' }),
  runTransaction: () => ({ transactionTypeId: a.move, serials: [itemPool[0]], toLocationId: a.location2 }),
  createSale: () => ({ lines: [{ serial: itemPool.pop() ?? 'none', price: 1 }] }),
  voidSale: () => ({ reason: 'Rung up by mistake' }),
  openWarrantyClaim: () => ({ fault: 'Does not switch on' }),
  advanceWarrantyClaim: () => ({ to: 'sent' }),
  openStocktake: () => ({ locationId: a.location2, note: 'Sweep recount' }),
  scanStocktake: () => ({ serial: unique('SCAN-') }),
  checkOutItem: () => ({
    serial: itemPool.pop() ?? 'none',
    userId: alpha.userId,
    dueAt: new Date(Date.now() + 86_400_000).toISOString(),
  }),
  checkInLoan: () => ({}),
  createTask: () => ({ title: 'A task', assigneeUserId: alpha.userId }),
  createProductModel: () => ({ name: unique('Model '), itemTypeId: a.itemType }),
  updateProductModel: () => ({ warrantyMonths: 3 }),
  receiveQuantity: () => ({ locationId: a.location, quantity: 5 }),
  moveQuantity: () => ({ fromLocationId: a.location, toLocationId: a.location2, quantity: 1 }),
  countQuantity: () => ({ locationId: a.location2, counted: 3, reason: 'Recount' }),
  returnQuantityLine: () => ({ line: 1, reason: 'Sweep return' }),
  createPurchaseOrder: () => ({ vendorId: a.customer, lines: [{ modelId: a.productModel, quantity: 1, unitCost: 1 }] }),
  updatePurchaseOrder: () => ({ note: 'Sweep note' }),
  // The sweep's vendor has no email: an allowed caller gets 400, and nothing is mailed.
  sendPurchaseOrder: () => ({}),
  receiveAgainstPurchaseOrder: () => ({ modelId: a.productModel, locationId: a.location2, serials: [unique('PO-')] }),
  // A file, not JSON (RAW_BODIES): a one-row CSV whose serial is new each time.
  importItems: () => ({ csv: `serial,itemType,location\n${unique('IMP-')},Sweep type,Sweep store\n` }),
};
/** Routes whose body is a file: BODIES gives {csv}, sent as text/csv. */
const RAW_BODIES = new Set(['importItems']);
/** The headers and, for a route that takes one, a body that passes validation. */
function withBody(r: Route, headers: Record<string, string>) {
  if (!hasBody(r)) return { headers };
  const body = BODIES[r.op.operationId]!();
  return RAW_BODIES.has(r.op.operationId)
    ? { headers: { ...headers, 'content-type': 'text/csv' }, payload: (body as { csv: string }).csv }
    : { headers, payload: body };
}
/** Writes with no body. */
const NO_BODY = [
  'replaceRecoveryCodes',
  'cancelSubscription',
  'resumeSubscription',
  'revokeInvitation',
  'resendInvitation',
  'deactivateUser',
  'reactivateUser',
  'completeTask',
  'createEventTicket',
  'endOtherSessions',
  'pauseStocktake',
  'resumeStocktake',
  'closeStocktake',
  'applyStocktake',
  'cancelPurchaseOrder',
];

const signedIn = (r: Route) => Array.isArray(r.op.security) && r.op.security.length > 0;
const hasBody = (r: Route) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.op.operationId in BODIES;
const urlFor = (r: Route, id: string) => r.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
const declares = (r: Route) => Boolean(r.op[PERMISSION_KEY] || r.op[SELF_KEY]);

async function snapshot(): Promise<Record<string, unknown>> {
  const tables = await writableTables(ctx.db);
  const [counts] = await ctx.db.query(
    `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM ${t}) AS "${t}"`).join(', ')}`,
  );
  const [alphaState] = await ctx.db.query(
    `SELECT (SELECT row(company_name, phone, logo_path)::text FROM companies WHERE id = $1) AS company,
            (SELECT row(status, expires_at)::text FROM invitations WHERE id = $2) AS invitation,
            (SELECT count(*)::int FROM users WHERE company_id = $1 AND deactivated_at IS NOT NULL) AS deactivated,
            (SELECT sum(version)::int FROM items WHERE company_id = $1) AS item_versions,
            (SELECT string_agg(row(name, warranty_months, active)::text, ',' ORDER BY id) FROM item_types WHERE company_id = $1) AS types,
            (SELECT string_agg(row(name, kind, active)::text, ',' ORDER BY id) FROM locations WHERE company_id = $1) AS locations,
            (SELECT string_agg(row(name, phone)::text, ',' ORDER BY id) FROM customers WHERE company_id = $1) AS customers,
            (SELECT string_agg(row(name, print_label, active)::text, ',' ORDER BY id) FROM transaction_types WHERE company_id = $1) AS tts,
            (SELECT string_agg(name, ',' ORDER BY id) FROM brands WHERE company_id = $1) AS brands,
            (SELECT string_agg(name, ',' ORDER BY id) FROM roles WHERE company_id = $1) AS roles,
            (SELECT string_agg(status, ',' ORDER BY id) FROM tasks WHERE company_id = $1) AS tasks,
            (SELECT row(symbology, fields)::text FROM label_settings WHERE company_id = $1) AS labels,
            (SELECT string_agg(row(issuer, client_id, client_secret)::text, ',' ORDER BY id) FROM sso_providers WHERE company_id = $1) AS sso`,
    [alpha.companyId, a.invitation],
  );
  return { ...counts, ...alphaState };
}

test('every signed-in route with an id in its path, called by another company with Alpha’s ids: 404, nothing read, nothing changed', async () => {
  const withParams = routes.filter((r) => signedIn(r) && r.path.includes('{') && !(r.op.operationId in NOT_AN_ID));
  expect(withParams.length).toBeGreaterThanOrEqual(30);
  for (const r of withParams) {
    const id = ALPHA_IDS[r.op.operationId];
    if (!id) throw new Error(`the cross-tenant sweep knows no Alpha id for ${r.op.operationId}: add it to ALPHA_IDS`);
    const before = await snapshot();
    const res = await ctx.app.inject({
      method: r.method as 'GET',
      url: urlFor(r, id()),
      ...withBody(r, bearer(beta.token)),
    });
    expect({ route: `${r.method} ${r.path}`, status: res.statusCode }).toEqual({
      route: `${r.method} ${r.path}`,
      status: 404,
    });
    expect(res.body).not.toContain('Sweep Alpha');
    expect(res.body).not.toContain(id());
    expect(res.headers.location).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  }
}, 240_000);

test('every signed-in list or read without an id, called by another company: nothing of Alpha in the answer', async () => {
  const reads = routes.filter((r) => signedIn(r) && r.method === 'GET' && !r.path.includes('{'));
  expect(reads.length).toBeGreaterThanOrEqual(15);
  const alphaMarks = [
    'Sweep Alpha',
    'Sweep type',
    'Sweep brand',
    'Sweep store',
    'Sweep customer',
    'Sweep QC',
    'Sweep task',
    'Sweep count',
    alpha.companyId,
    alpha.userId,
    a.item!,
    a.serial!,
    a.sale!,
    a.customer!,
    a.location!,
  ];
  for (const r of reads) {
    const res = await ctx.app.inject({ url: r.path, headers: bearer(beta.token) });
    expect({ route: r.path, status: res.statusCode }).toEqual({ route: r.path, status: 200 });
    for (const mark of alphaMarks)
      expect({ route: r.path, leaks: res.body.includes(mark) ? mark : null }).toEqual({ route: r.path, leaks: null });
  }
});

test('every signed-in route × every built-in role (and a role with no claims): 403 exactly where the matrix says', async () => {
  const swept = routes.filter((r) => signedIn(r) && !(r.op.operationId in UNDECLARED));
  expect(swept.length).toBeGreaterThanOrEqual(60);
  const outcome: string[] = [];
  const expected: string[] = [];
  for (const r of swept) {
    const allowed = expectedAllowed(r.op.operationId);
    if (['POST', 'PUT', 'PATCH'].includes(r.method) && !hasBody(r) && !NO_BODY.includes(r.op.operationId))
      throw new Error(`the role sweep knows no body for ${r.op.operationId}: add it to BODIES`);
    // Refused callers first, so an allowed call that changes something cannot hide a refusal.
    const callers = [...byRole.keys()].sort((x, y) => Number(allowed.includes(x)) - Number(allowed.includes(y)));
    for (const role of callers) {
      const id = ALPHA_IDS[r.op.operationId];
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: id ? urlFor(r, id(role)) : r.path,
        ...withBody(r, bearer(byRole.get(role)!.token)),
      });
      expect({ route: r.op.operationId, role, status: res.statusCode < 500 }).toEqual({
        route: r.op.operationId,
        role,
        status: true,
      });
      outcome.push(`${r.op.operationId} ${role}: ${res.statusCode === 403 ? 'refused' : 'allowed'}`);
      expected.push(`${r.op.operationId} ${role}: ${allowed.includes(role) ? 'allowed' : 'refused'}`);
    }
  }
  expect(outcome).toEqual(expected);
  expect(outcome.filter((o) => o.endsWith('refused')).length).toBeGreaterThan(100);
  // and the table has no row for a route that is gone
  const known = new Set(swept.map((r) => r.op.operationId));
  expect(Object.keys(MATRIX).filter((op) => !known.has(op))).toEqual([]);
}, 600_000);

test('every signed-in route declares its rule (a permission, or the caller’s own session) in the OpenAPI document', () => {
  const undeclared = routes
    .filter((r) => signedIn(r) && !declares(r) && !(r.op.operationId in UNDECLARED))
    .map((r) => `${r.method} ${r.path}`);
  expect(undeclared).toEqual([]);
});

test('a claim change applies on the next request: Rapid Seller loses items.view, then gets it back', async () => {
  const roles = (await ctx.app.inject({ url: '/api/roles', headers: bearer(alpha.token) })).json() as Array<{
    id: string;
    name: string;
  }>;
  const seller = roles.find((r) => r.name === 'Rapid Seller')!;
  const sellerToken = byRole.get('Rapid Seller')!;
  const before = (await ctx.app.inject({ url: `/api/roles/${seller.id}/claims`, headers: bearer(alpha.token) })).json();
  expect((await ctx.app.inject({ url: '/api/items', headers: bearer(sellerToken.token) })).statusCode).toBe(200);
  const without = before.claims.filter((c: { value: string }) => c.value !== 'items.view');
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/api/roles/${seller.id}/claims`,
    headers: bearer(alpha.token),
    payload: { claims: without },
  });
  expect(put.statusCode).toBe(200);
  expect((await ctx.app.inject({ url: '/api/items', headers: bearer(sellerToken.token) })).statusCode).toBe(403);
  // what the screens read to offer only what will succeed says the same, at once
  const access = (await ctx.app.inject({ url: '/api/access', headers: bearer(sellerToken.token) })).json();
  expect(access.roles).toEqual(['Rapid Seller']);
  expect(access.permissions).not.toContain('items.view');
  expect(access.permissions).toContain('items.sell');
  expect(access.allTransactionTypes).toBe(false);
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/roles/${seller.id}/claims`,
    headers: bearer(alpha.token),
    payload: { claims: before.claims },
  });
  expect((await ctx.app.inject({ url: '/api/items', headers: bearer(sellerToken.token) })).statusCode).toBe(200);
  const restored = (await ctx.app.inject({ url: '/api/access', headers: bearer(sellerToken.token) })).json();
  expect(restored.permissions).toContain('items.view');
  expect(restored.transactionTypeIds.length).toBeGreaterThan(0);
  const ownerAccess = (await ctx.app.inject({ url: '/api/access', headers: bearer(alpha.token) })).json();
  expect(ownerAccess.allTransactionTypes).toBe(true);
  expect(ownerAccess.permissions).toContain('billing.manage');
});

test('the owner’s claims cannot change, built-in roles cannot be renamed or deleted, and an Admin cannot grant billing', async () => {
  const roles = (await ctx.app.inject({ url: '/api/roles', headers: bearer(alpha.token) })).json() as Array<{
    id: string;
    name: string;
  }>;
  const owner = roles.find((r) => r.name === OWNER)!;
  const admin = byRole.get('Admin')!;
  const ownerClaims = (
    await ctx.app.inject({ url: `/api/roles/${owner.id}/claims`, headers: bearer(alpha.token) })
  ).json();
  expect(ownerClaims.implicit).toBe(true);
  expect(ownerClaims.claims).toContainEqual({ type: 'permission', value: 'billing.manage' });
  const strip = await ctx.app.inject({
    method: 'PUT',
    url: `/api/roles/${owner.id}/claims`,
    headers: bearer(alpha.token),
    payload: { claims: [] },
  });
  expect(strip.statusCode).toBe(409);
  expect(
    (await ctx.app.inject({ method: 'DELETE', url: `/api/roles/${owner.id}`, headers: bearer(alpha.token) }))
      .statusCode,
  ).toBe(409);
  const rename = await ctx.app.inject({
    method: 'PUT',
    url: `/api/roles/${roles.find((r) => r.name === 'Admin')!.id}`,
    headers: bearer(alpha.token),
    payload: { name: 'Boss' },
  });
  expect(rename.statusCode).toBe(409);
  const custom = (await post(admin, '/api/roles', { name: unique('Sneaky ') })).id as string;
  const grant = await ctx.app.inject({
    method: 'PUT',
    url: `/api/roles/${custom}/claims`,
    headers: bearer(admin.token),
    payload: { claims: [{ type: 'permission', value: 'billing.manage' }] },
  });
  expect(grant.statusCode).toBe(403);
  const makeOwner = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${admin.userId}/roles`,
    headers: bearer(admin.token),
    payload: { roles: ['Admin', OWNER] },
  });
  expect(makeOwner.statusCode).toBe(403);
  expect((await ctx.app.inject({ url: '/api/billing/overview', headers: bearer(admin.token) })).statusCode).toBe(403);
});

test('no one hands out through an invitation or a role change what they do not hold: a permission or a transaction type', async () => {
  const company = await registerCompany(ctx.app, { name: 'Grant Gamma', premium: true });
  const setClaims = async (role: string, claims: Array<{ type: string; value: string }>) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/roles/${role}/claims`,
      headers: bearer(company.token),
      payload: { claims },
    });
    expect(res.statusCode).toBe(200);
  };
  const newRole = async (name: string, claims: Array<{ type: string; value: string }>) => {
    const id = (await post(company, '/api/roles', { name })).id as string;
    await setClaims(id, claims);
  };
  const types = (await ctx.app.inject({ url: '/api/transaction-types', headers: bearer(company.token) })).json()
    .items as Array<{ id: string; name: string; kind: string }>;
  const scrap = types.find((t) => t.kind === 'scrap')!;
  await newRole('Biller', [{ type: 'permission', value: 'billing.manage' }]);
  await newRole('Scrapper', [{ type: 'transaction-type', value: scrap.id }]);
  await newRole('People', [{ type: 'permission', value: 'users.manage' }]);
  const admin = await addUser(ctx.app, company, ['Admin']);
  const people = await addUser(ctx.app, company, ['People']);
  const member = await addUser(ctx.app, company, ['Rapid Seller']);

  const invite = (who: Tenant, roles: string[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(who.token),
      payload: { email: `${unique()}@gamma.io`, roles },
    });
  const give = (who: Tenant, roles: string[]) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${member.userId}/roles`,
      headers: bearer(who.token),
      payload: { roles },
    });
  const pending = async () =>
    ((await ctx.app.inject({ url: '/api/invitations', headers: bearer(company.token) })).json() as unknown[]).length;
  const invitedBefore = await pending();

  // An Admin holds every permission but billing: an invitation is no way round the role change.
  for (const refused of [await invite(admin, ['Biller']), await give(admin, ['Rapid Seller', 'Biller'])]) {
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You cannot give a role granting what you do not hold yourself: billing.manage.',
    );
  }
  // Who may manage users but run no transaction type cannot give one either way.
  for (const refused of [await invite(people, ['Scrapper']), await give(people, ['Rapid Seller', 'Scrapper'])]) {
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `You cannot give a role granting what you do not hold yourself: the transaction type ${scrap.name}.`,
    );
  }
  expect(await pending()).toBe(invitedBefore);
  // The member's roles as the server reads them now.
  const held = (await ctx.app.inject({ url: '/api/access', headers: bearer(member.token) })).json() as {
    roles: string[];
  };
  expect(held.roles).toEqual(['Rapid Seller']);

  // What they hold they may give; the owner holds everything.
  expect((await invite(people, ['People'])).statusCode).toBe(201);
  expect((await give(admin, ['Rapid Seller', 'Scrapper'])).statusCode).toBe(200);
  expect((await invite(company, ['Biller'])).statusCode).toBe(201);
});
