import type { Queryable } from '../../db/database.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/schemas.js';
import {
  findBrand,
  findBuiltInType,
  findItemType,
  findLocation,
  findTransactionType,
  type FieldDefinition,
  type TransactionType,
} from '../catalogue/index.js';
import { publish } from '../events/index.js';
import * as engine from './engine.js';
import type { Actor } from './engine.js';
import * as db from './queries.js';
import type { Item, ItemListQuery, PatchItemBody, ReceiveBody, TransactionBody } from './schemas.js';
import { assertMaySetCost, seen, seenEvent, sightOf, type Sight } from './sight.js';

export type { Actor };

/** Custom field values against the item type's definitions: known keys, right types, required ones present. */
export function checkFields(defs: FieldDefinition[], values: Record<string, unknown>): Record<string, unknown> {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [key, value] of Object.entries(values)) {
    const def = byKey.get(key);
    if (!def) throw badRequest(`fields.${key}: the item type has no such field`, `fields.${key}`);
    if (value === null) continue;
    const ok =
      def.type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : def.type === 'boolean'
          ? typeof value === 'boolean'
          : def.type === 'date'
            ? typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
            : def.type === 'select'
              ? typeof value === 'string' && (def.options ?? []).includes(value)
              : typeof value === 'string';
    if (!ok)
      throw badRequest(
        `fields.${key}: must be ${def.type === 'select' ? `one of ${(def.options ?? []).join(', ')}` : `a ${def.type}`}`,
        `fields.${key}`,
      );
  }
  for (const def of defs)
    if (def.required && (values[def.key] === undefined || values[def.key] === null || values[def.key] === ''))
      throw badRequest(`fields.${def.key}: ${def.label} is required`, `fields.${def.key}`);
  return values;
}

async function checkVendor(q: Queryable, vendorId: string | null | undefined) {
  if (!vendorId) return;
  const vendor = await db.companyCustomer(q, vendorId, 'vendor');
  if (!vendor) throw badRequest('vendorId: no such vendor', 'vendorId');
  if (!vendor.active) throw badRequest(`vendorId: ${vendor.name} is deactivated`, 'vendorId');
}
async function checkBrand(q: Queryable, brandId: string | null | undefined) {
  if (brandId && !(await findBrand(q, brandId))) throw badRequest('brandId: no such brand', 'brandId');
}
export function checkImages(companyId: string, images: string[] | undefined) {
  for (const path of images ?? [])
    if (!path.startsWith(`${companyId}/`) || path.includes('..'))
      throw badRequest('images: a path in the company’s own folder of the ItemImages bucket', 'images');
}

/** The product model a reception names: of the item type received, not archived (400 otherwise). */
async function modelOf(q: Queryable, id: string | null | undefined, itemType: { id: string; name: string }) {
  if (!id) return null;
  const model = await db.modelDefaults(q, id);
  if (!model) throw badRequest('modelId: no such product model', 'modelId');
  if (model.archived) throw badRequest(`modelId: ${model.name} is archived`, 'modelId');
  if (model.trackedByQuantity)
    throw badRequest(`modelId: ${model.name} is tracked by quantity: receive a quantity of it, not serials`, 'modelId');
  if (model.itemTypeId !== itemType.id)
    throw badRequest(`modelId: ${model.name} is not a model of ${itemType.name}`, 'modelId');
  return model;
}

/** A reception against a purchase order line (modules/purchase-orders checks the order and what is due). */
export interface OrderReception {
  purchaseOrderId: string;
  /** The line's unit cost: the items' cost, as a model's is, whoever receives them. */
  unitCost: number;
}

/** Reception: new items in stock at a location, one "receive" event each, all or nothing. */
export async function receive(
  q: Queryable,
  actor: Actor,
  body: ReceiveBody,
  against: OrderReception | null = null,
): Promise<Item[]> {
  const type = await findBuiltInType(q, 'receive');
  if (!type) throw new ApiError(409, 'This company has no Receive transaction type.', 'TRANSACTION_TYPE_MISSING');
  engine.assertMayRun(actor, type);
  const sight = sightOf(actor.access);
  assertMaySetCost(sight, body.cost ?? undefined);
  const itemType = await findItemType(q, body.itemTypeId);
  if (!itemType) throw badRequest('itemTypeId: no such item type', 'itemTypeId');
  if (!itemType.active) throw badRequest(`itemTypeId: ${itemType.name} is deactivated`, 'itemTypeId');
  const location = await findLocation(q, body.locationId);
  if (!location) throw badRequest('locationId: no such location', 'locationId');
  if (!location.active) throw badRequest(`locationId: ${location.name} is deactivated`, 'locationId');
  const model = await modelOf(q, body.modelId, itemType);
  const brandId = body.brandId === undefined ? (model?.brandId ?? null) : body.brandId;
  await checkBrand(q, brandId);
  await checkVendor(q, body.vendorId);
  checkImages(actor.companyId, body.images);
  const fields = checkFields(itemType.fields, body.fields ?? {});

  const items = await writeReception(
    q,
    actor,
    type,
    body.serials.map((serial) => ({
      serial: serial.trim(),
      itemTypeId: itemType.id,
      locationId: location.id,
      brandId,
      model: body.model?.trim() || model?.name || null,
      modelId: model?.id ?? null,
      sku: body.sku?.trim() || null,
      vendorId: body.vendorId ?? null,
      // The order's (else the model's) cost is the default even for a receiver who cannot read
      // costs: it was set by someone who could, and the receiver learns nothing from it.
      cost: body.cost === undefined ? (against?.unitCost ?? model?.cost ?? null) : body.cost,
      salePrice: body.salePrice === undefined ? (model?.salePrice ?? null) : body.salePrice,
      warrantyMonths: body.warrantyMonths ?? model?.warrantyMonths ?? itemType.warrantyMonths,
      fields,
      images: body.images ?? [],
    })),
    body.note?.trim() || null,
    against?.purchaseOrderId ?? null,
  );
  const order = new Map(items.map((id, i) => [id, i]));
  return (await db.itemsById(q, items)).sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((i) => seen(i, sight));
}

/**
 * The write of every reception (a batch of the API, a CSV file's rows): serials unique in the
 * batch and in the company, then the items in stock and one "receive" event each, announced on
 * commit. The caller has checked the rest (type, location, claims, fields). Answers the ids in order.
 */
export async function writeReception(
  q: Queryable,
  actor: Actor,
  type: TransactionType,
  items: db.NewItem[],
  note: string | null,
  /** A reception against a purchase order: every receive event names it. */
  purchaseOrderId: string | null = null,
): Promise<string[]> {
  const blank = items.findIndex((i) => !i.serial);
  if (blank >= 0) throw badRequest(`serials.${blank}: must not be blank`, 'serials');
  const keys = items.map((i) => i.serial.toLowerCase());
  const seen = new Set<string>();
  const twice: string[] = [];
  keys.forEach((k, i) => {
    if (seen.has(k)) twice.push(items[i]!.serial);
    else seen.add(k);
  });
  if (twice.length)
    throw engine.refused(
      twice.map((serial) => ({ serial, reason: 'named twice in this batch' })),
      'Nothing was received',
    );
  const existing = await db.existingSerials(q, keys);
  if (existing.length)
    throw engine.refused(
      existing.map((serial) => ({ serial, reason: 'an item with this serial already exists' })),
      'Nothing was received',
    );

  const ids = await db.insertItems(q, actor.companyId, items);
  await db.insertEvents(
    q,
    actor.companyId,
    actor.userId,
    note,
    items.map((item, i) => ({
      itemId: ids[i]!,
      version: 1,
      kind: 'receive',
      transactionTypeId: type.id,
      fromLocationId: null,
      toLocationId: item.locationId,
      fromStatus: null,
      toStatus: 'in_stock',
      customerId: item.vendorId,
      saleId: null,
      deltas: null,
      purchaseOrderId,
    })),
  );
  publish(q, actor.companyId, 'item.changed', ids);
  return ids;
}

export async function list(q: Queryable, query: ItemListQuery, sight: Sight) {
  const sort = query.sort ?? 'received_desc';
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor, 2) as [string, string] | null;
  if (after && (typeof after[0] !== 'string' || typeof after[1] !== 'string' || !/^[0-9a-f-]{36}$/.test(after[1])))
    throw new ApiError(400, 'cursor: is not a cursor this list gave out', 'VALIDATION_ERROR', 'cursor');
  if ((after && sort.startsWith('received')) || (after && sort === 'updated_desc'))
    if (Number.isNaN(Date.parse(after[0])))
      throw new ApiError(400, 'cursor: is not a cursor this list gave out', 'VALIDATION_ERROR', 'cursor');
  const rows = await db.itemPage(q, { ...query, sort, limit }, after);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ _key: _k, ...item }) => seen(item, sight)),
    nextCursor: rows.length > limit && last ? encodeCursor([last._key, last.id]) : null,
  };
}

export async function get(q: Queryable, id: string, sight: Sight): Promise<Item> {
  const item = await db.findItem(q, id);
  if (!item) throw notFound('Item not found.');
  return seen(item, sight);
}

export async function bySerial(q: Queryable, serial: string, sight: Sight): Promise<Item> {
  const item = await db.findItemBySerial(q, serial);
  if (!item) throw notFound('No item has this serial.');
  return seen(item, sight);
}

export async function history(q: Queryable, id: string, sight: Sight) {
  await get(q, id, sight);
  return { events: (await db.history(q, id)).map((e) => seenEvent(e, sight)) };
}

const EDITABLE = [
  'serial',
  'sku',
  'brandId',
  'model',
  'cost',
  'salePrice',
  'vendorId',
  'warrantyMonths',
  'fields',
  'images',
] as const;

/** A master-data correction: optimistic version, one "edit" event carrying {field: [before, after]}. */
export async function patch(q: Queryable, actor: Actor, id: string, body: PatchItemBody): Promise<Item> {
  const sight = sightOf(actor.access);
  assertMaySetCost(sight, body.cost);
  const row = await db.lockItemRow(q, id);
  if (!row) throw notFound('Item not found.');
  if (row.version !== body.version)
    throw new ApiError(
      409,
      `${row.serial} was changed by someone else since you read it (version ${body.version}, now ${row.version}). Reload it and try again.`,
      'STALE_VERSION',
      'version',
    );
  const next = { ...row };
  const deltas: Record<string, [unknown, unknown]> = {};
  for (const field of EDITABLE) {
    let value = body[field];
    if (value === undefined) continue;
    if (typeof value === 'string') value = value.trim() || null;
    if (field === 'serial' && !value) throw badRequest('serial: must not be blank', 'serial');
    if (JSON.stringify(value) === JSON.stringify(row[field])) continue;
    deltas[field] = [row[field], value];
    (next as Record<string, unknown>)[field] = value;
  }
  if (!Object.keys(deltas).length) return get(q, id, sight);
  if (deltas.brandId) await checkBrand(q, next.brandId);
  if (deltas.vendorId) await checkVendor(q, next.vendorId);
  if (deltas.images) checkImages(actor.companyId, next.images);
  if (deltas.fields) {
    const itemType = await findItemType(q, row.itemTypeId);
    checkFields(itemType?.fields ?? [], next.fields);
  }
  if (
    deltas.serial &&
    (await db.existingSerials(q, [next.serial.toLowerCase()])).some((s) => s.toLowerCase() !== row.serial.toLowerCase())
  )
    throw conflict(`An item with serial ${next.serial} already exists.`, 'serial');
  await db.updateItemRow(q, next);
  const [before] = await db.lockItems(q, { ids: [id] });
  await db.insertEvents(q, actor.companyId, actor.userId, body.note?.trim() || null, [
    {
      itemId: id,
      version: row.version + 1,
      kind: 'edit',
      transactionTypeId: null,
      fromLocationId: before!.locationId,
      toLocationId: before!.locationId,
      fromStatus: before!.status,
      toStatus: before!.status,
      customerId: null,
      saleId: null,
      deltas,
    },
  ]);
  publish(q, actor.companyId, 'item.changed', [id]);
  return get(q, id, sight);
}

/** POST /api/transactions: a process, move, status change, return or scrap, through the engine. */
export async function transact(q: Queryable, actor: Actor, body: TransactionBody) {
  if (!!body.itemIds === !!body.serials) throw badRequest('itemIds: send either itemIds or serials', 'itemIds');
  const type = await findTransactionType(q, body.transactionTypeId);
  if (!type) throw badRequest('transactionTypeId: no such transaction type', 'transactionTypeId');
  if (type.kind === 'receive')
    throw badRequest('transactionTypeId: receive items with POST /api/items/receive', 'transactionTypeId');
  if (type.kind === 'sell') throw badRequest('transactionTypeId: sell items with POST /api/sales', 'transactionTypeId');
  const ids = await engine.run(q, actor, {
    type,
    itemIds: body.itemIds,
    serials: body.serials,
    toLocationId: body.toLocationId,
    toStatus: body.toStatus,
    customerId: body.customerId,
    note: body.note,
    reason: body.reason,
    refund: body.refund,
    refunds: body.refunds,
  });
  const sight = sightOf(actor.access);
  return { events: (await db.eventsById(q, ids)).map((e) => seenEvent(e, sight)) };
}
