import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/schemas.js';
import { assertLocationsAvailable } from '../subscriptions/index.js';
import * as db from './queries.js';
import type {
  Brand,
  Customer,
  FieldDefinition,
  ItemType,
  Location,
  StatusKey,
  TransactionKind,
  TransactionType,
} from './schemas.js';

// Rules of the catalogue, inside the caller's transaction. Deleting something in use is a 409
// that names what uses it (deactivate instead, where the thing has an active flag).

const clean = (value: string, field: string) => {
  const v = value.trim();
  if (!v) throw badRequest(`${field}: must not be blank`, field);
  return v;
};
const or404 = <T>(row: T | null, what: string): T => {
  if (!row) throw notFound(`${what} not found.`);
  return row;
};

async function refuseIfUsed(q: Queryable, what: string, id: string, checks: Array<[string, string]>, hint: string) {
  const used = await db.usage(q, checks, id);
  if (used.length)
    throw conflict(
      `This ${what} is in use: ${used.map(([label, n]) => `${n} ${label}${n === 1 ? '' : 's'}`).join(', ')}. ${hint}`,
    );
}

// ── item types ──
function checkFields(fields: FieldDefinition[]): FieldDefinition[] {
  const keys = new Set<string>();
  for (const f of fields) {
    if (keys.has(f.key)) throw badRequest(`fields: the key "${f.key}" is defined twice`, 'fields');
    keys.add(f.key);
    if (f.type === 'select' && !f.options?.length)
      throw badRequest(`fields: "${f.key}" is a select and needs options`, 'fields');
    if (f.type !== 'select' && f.options) throw badRequest(`fields: only a select has options ("${f.key}")`, 'fields');
  }
  return fields;
}
export const listItemTypes = db.listItemTypes;
export const getItemType = async (q: Queryable, id: string) => or404(await db.findItemType(q, id), 'Item type');
export async function saveItemType(
  q: Queryable,
  companyId: string,
  id: string | null,
  patch: Partial<Omit<ItemType, 'id' | 'createdAt'>>,
): Promise<ItemType> {
  const current = id ? or404(await db.findItemType(q, id, true), 'Item type') : null;
  const next = {
    id: current?.id ?? randomUUID(),
    name: clean(patch.name ?? current?.name ?? '', 'name'),
    serialRequired: patch.serialRequired ?? current?.serialRequired ?? true,
    warrantyMonths: patch.warrantyMonths ?? current?.warrantyMonths ?? 0,
    fields: checkFields(patch.fields ?? current?.fields ?? []),
    active: patch.active ?? current?.active ?? true,
  };
  await db.saveItemType(q, companyId, next);
  return (await db.findItemType(q, next.id))!;
}
export async function deleteItemType(q: Queryable, id: string) {
  or404(await db.findItemType(q, id, true), 'Item type');
  await refuseIfUsed(
    q,
    'item type',
    id,
    [['item', 'SELECT 1 FROM items WHERE item_type_id = $1']],
    'Deactivate it instead.',
  );
  await db.deleteItemType(q, id);
}

// ── brands ──
export const listBrands = db.listBrands;
export const getBrand = async (q: Queryable, id: string) => or404(await db.findBrand(q, id), 'Brand');
export async function saveBrand(q: Queryable, companyId: string, id: string | null, name: string): Promise<Brand> {
  if (id) or404(await db.findBrand(q, id, true), 'Brand');
  const brandId = id ?? randomUUID();
  await db.saveBrand(q, companyId, brandId, clean(name, 'name'));
  return (await db.findBrand(q, brandId))!;
}
export async function deleteBrand(q: Queryable, id: string) {
  or404(await db.findBrand(q, id, true), 'Brand');
  await refuseIfUsed(q, 'brand', id, [['item', 'SELECT 1 FROM items WHERE brand_id = $1']], 'Its items keep it.');
  await db.deleteBrand(q, id);
}

// ── locations ──
export const listLocations = db.listLocations;
export const getLocation = async (q: Queryable, id: string) => or404(await db.findLocation(q, id), 'Location');
export async function saveLocation(
  q: Queryable,
  companyId: string,
  id: string | null,
  patch: Partial<Omit<Location, 'id' | 'createdAt'>>,
): Promise<Location> {
  const current = id ? or404(await db.findLocation(q, id, true), 'Location') : null;
  const next = {
    id: current?.id ?? randomUUID(),
    name: clean(patch.name ?? current?.name ?? '', 'name'),
    kind: patch.kind ?? current?.kind ?? 'warehouse',
    parentId: patch.parentId === undefined ? (current?.parentId ?? null) : patch.parentId,
    active: patch.active ?? current?.active ?? true,
  };
  // Every active location counts against the plan (creating one, or activating one again).
  // The check locks the company's limits first, so two requests cannot both pass it.
  if (next.active && !current?.active) await assertLocationsAvailable(q, 1);
  if (next.parentId) {
    if (!(await db.findLocation(q, next.parentId))) throw badRequest('parentId: no such location', 'parentId');
    if (next.parentId === next.id || (await db.ancestors(q, next.parentId)).includes(next.id))
      throw badRequest('parentId: a location cannot sit inside itself', 'parentId');
  }
  await db.saveLocation(q, companyId, next);
  return (await db.findLocation(q, next.id))!;
}
export async function deleteLocation(q: Queryable, id: string) {
  or404(await db.findLocation(q, id, true), 'Location');
  await refuseIfUsed(
    q,
    'location',
    id,
    [
      ['item', 'SELECT 1 FROM items WHERE location_id = $1'],
      ['location inside it', 'SELECT 1 FROM locations WHERE parent_id = $1'],
      [
        'transaction type default',
        'SELECT 1 FROM transaction_types WHERE default_from_location_id = $1 OR default_to_location_id = $1',
      ],
      ['item event', 'SELECT 1 FROM item_events WHERE from_location_id = $1 OR to_location_id = $1'],
      ['task', 'SELECT 1 FROM tasks WHERE to_location_id = $1'],
    ],
    'Move them away, or deactivate it instead.',
  );
  await db.deleteLocation(q, id);
}

// ── customers ──
export async function listCustomers(
  q: Queryable,
  f: { search?: string; kind?: 'customer' | 'vendor'; active?: 'true' | 'false'; cursor?: string; limit?: number },
) {
  const limit = f.limit ?? 50;
  const after = decodeCursor(f.cursor, 2) as [string, string] | null;
  const search = f.search?.trim() || undefined;
  const active = f.active === undefined ? undefined : f.active === 'true';
  const rows = await db.customerPage(q, { search, kind: f.kind, active, after, limit });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ sortName: _s, ...c }) => c),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sortName, last.id]) : null,
  };
}
export const getCustomer = async (q: Queryable, id: string) => or404(await db.findCustomer(q, id), 'Customer');
export async function saveCustomer(
  q: Queryable,
  companyId: string,
  id: string | null,
  patch: Partial<Omit<Customer, 'id' | 'createdAt'>>,
): Promise<Customer> {
  const current = id ? or404(await db.findCustomer(q, id, true), 'Customer') : null;
  const pick = <K extends keyof Customer>(k: K) =>
    (patch[k as keyof typeof patch] === undefined ? current?.[k] : patch[k as keyof typeof patch]) as
      Customer[K] | undefined;
  const next = {
    id: current?.id ?? randomUUID(),
    name: clean(pick('name') ?? '', 'name'),
    isCustomer: pick('isCustomer') ?? true,
    isVendor: pick('isVendor') ?? false,
    contactName: pick('contactName') ?? null,
    email: pick('email') ?? null,
    phone: pick('phone') ?? null,
    taxId: pick('taxId') ?? null,
    address: pick('address') ?? null,
    notes: pick('notes') ?? null,
    active: pick('active') ?? true,
  };
  if (!next.isCustomer && !next.isVendor)
    throw badRequest('isVendor: a contact is a customer, a vendor or both', 'isVendor');
  await db.saveCustomer(q, companyId, next);
  return (await db.findCustomer(q, next.id))!;
}
export async function deleteCustomer(q: Queryable, id: string) {
  or404(await db.findCustomer(q, id, true), 'Customer');
  await refuseIfUsed(
    q,
    'customer',
    id,
    [
      ['item bought', 'SELECT 1 FROM items WHERE customer_id = $1'],
      ['item supplied', 'SELECT 1 FROM items WHERE vendor_id = $1'],
      ['sale', 'SELECT 1 FROM sales WHERE customer_id = $1'],
      ['item event', 'SELECT 1 FROM item_events WHERE customer_id = $1'],
      ['purchase order', 'SELECT 1 FROM purchase_orders WHERE vendor_id = $1'],
    ],
    'Its history keeps it: deactivate it instead.',
  );
  await db.deleteCustomer(q, id);
}

// ── transaction types ──
function checkTransactionType(t: { kind: TransactionKind; fromStatuses: StatusKey[]; toStatus: StatusKey | null }) {
  if (t.kind !== 'receive' && t.fromStatuses.length === 0)
    throw badRequest('fromStatuses: name at least one status an item may be in', 'fromStatuses');
  if ((t.kind === 'process' || t.kind === 'return' || t.kind === 'scrap') && !t.toStatus)
    throw badRequest(`toStatus: a ${t.kind} type sets a status`, 'toStatus');
  if (t.kind === 'move' && t.toStatus) throw badRequest('toStatus: a move keeps the status', 'toStatus');
  if (t.kind === 'status_change' && t.toStatus)
    throw badRequest('toStatus: a status change takes the status per call', 'toStatus');
  if (t.toStatus === 'sold' && t.kind !== 'sell')
    throw badRequest('toStatus: only a sale makes an item sold', 'toStatus');
  // A lent item's status belongs to its loan: a check-out sets it, the check-in gives the old one back.
  if (t.toStatus === 'on_loan') throw badRequest('toStatus: only a check-out puts an item on loan', 'toStatus');
  if (t.fromStatuses.includes('on_loan'))
    throw badRequest('fromStatuses: an item on loan is checked in before anything else is done to it', 'fromStatuses');
}
export const listTransactionTypes = db.listTransactionTypes;
export const getTransactionType = async (q: Queryable, id: string) =>
  or404(await db.findTransactionType(q, id), 'Transaction type');
export async function saveTransactionType(
  q: Queryable,
  companyId: string,
  id: string | null,
  patch: Partial<Omit<TransactionType, 'id' | 'createdAt' | 'builtIn'>>,
): Promise<TransactionType> {
  const current = id ? or404(await db.findTransactionType(q, id, true), 'Transaction type') : null;
  const has = <K extends keyof typeof patch>(k: K) => patch[k] !== undefined;
  const next = {
    id: current?.id ?? randomUUID(),
    name: clean(patch.name ?? current?.name ?? '', 'name'),
    kind: (current?.kind ?? patch.kind ?? 'process') as TransactionKind,
    fromStatuses: (patch.fromStatuses ?? current?.fromStatuses ?? []) as StatusKey[],
    toStatus: (has('toStatus') ? patch.toStatus : (current?.toStatus ?? null)) as StatusKey | null,
    defaultFromLocationId: has('defaultFromLocationId')
      ? patch.defaultFromLocationId!
      : (current?.defaultFromLocationId ?? null),
    defaultToLocationId: has('defaultToLocationId')
      ? patch.defaultToLocationId!
      : (current?.defaultToLocationId ?? null),
    customerRequired: patch.customerRequired ?? current?.customerRequired ?? false,
    printLabel: patch.printLabel ?? current?.printLabel ?? false,
    active: patch.active ?? current?.active ?? true,
  };
  if (current?.builtIn && (current.kind === 'receive' || current.kind === 'sell')) {
    // The engine's own entry points: their statuses are the engine's rules.
    next.fromStatuses = current.fromStatuses as StatusKey[];
    next.toStatus = current.toStatus as StatusKey | null;
    if (patch.fromStatuses || has('toStatus'))
      throw badRequest(`fromStatuses: the built-in ${current.name} type keeps its statuses`, 'fromStatuses');
  }
  checkTransactionType(next);
  for (const field of ['defaultFromLocationId', 'defaultToLocationId'] as const) {
    const loc = next[field];
    if (loc && !(await db.findLocation(q, loc))) throw badRequest(`${field}: no such location`, field);
  }
  await db.saveTransactionType(q, companyId, next);
  if (!current) await db.grantToAdmin(q, companyId, next.id);
  return (await db.findTransactionType(q, next.id))!;
}
export async function deleteTransactionType(q: Queryable, id: string) {
  const current = or404(await db.findTransactionType(q, id, true), 'Transaction type');
  if (current.builtIn) throw conflict(`"${current.name}" is built in: deactivate it instead.`);
  await refuseIfUsed(
    q,
    'transaction type',
    id,
    [['item event', 'SELECT 1 FROM item_events WHERE transaction_type_id = $1']],
    'Deactivate it instead.',
  );
  await db.deleteTransactionType(q, id);
}

// ── statuses and labels ──
export const listStatuses = db.listStatuses;
export async function setStatusName(q: Queryable, companyId: string, key: StatusKey, name: string | null) {
  await db.setStatusName(q, companyId, key, name === null ? null : clean(name, 'name'));
  return (await db.listStatuses(q)).find((s) => s.key === key)!;
}
export const getLabelSettings = async (q: Queryable) => or404(await db.getLabelSettings(q), 'Label settings');
/** The saved label settings, or null while the company has never saved any (the defaults apply). */
export const savedLabelSettings = db.getLabelSettings;
export async function saveLabelSettings(
  q: Queryable,
  companyId: string,
  patch: Partial<Omit<db.LabelSettings, 'updatedAt'>>,
) {
  const current = (await db.getLabelSettings(q)) ?? {
    widthMm: 50,
    heightMm: 25,
    symbology: 'code128' as const,
    fields: ['serial' as const, 'model' as const],
    showLogo: false,
  };
  await db.saveLabelSettings(q, companyId, { ...current, ...patch });
  return (await db.getLabelSettings(q))!;
}
