import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/schemas.js';
import { assertMaySetCost, checkImages, seen, type Sight } from '../items/index.js';
import * as db from './queries.js';
import type { ModelInput, ProductModel, ProductModelListQuery } from './schemas.js';

// Rules of the model catalogue, inside the caller's transaction.

const or404 = (row: ProductModel | null): ProductModel => {
  if (!row) throw notFound('Product model not found.');
  return row;
};

export async function getModel(q: Queryable, id: string, sight: Sight) {
  return seen(or404(await db.findModel(q, id)), sight);
}

export async function listModels(
  q: Queryable,
  query: Pick<ProductModelListQuery, 'search' | 'itemTypeId' | 'brandId' | 'archived' | 'cursor' | 'limit'>,
  sight: Sight,
) {
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor, 2) as [string, string] | null;
  const rows = await db.listModels(q, {
    search: query.search?.trim() || null,
    itemTypeId: query.itemTypeId ?? null,
    brandId: query.brandId ?? null,
    archived: query.archived === 'true',
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ nameKey: _, ...m }) => seen(m, sight)),
    nextCursor: rows.length > limit && last ? encodeCursor([last.nameKey!, last.id]) : null,
  };
}

/** Checks the reorder points: known locations, one per location and one for every location. */
async function checkReorderPoints(q: Queryable, points: NonNullable<ModelInput['reorderPoints']>) {
  const keys = points.map((p) => p.locationId ?? null);
  if (new Set(keys).size !== keys.length)
    throw badRequest('reorderPoints: one reorder point per location (and one for every location)', 'reorderPoints');
  const named = keys.filter((k): k is string => k !== null);
  const known = new Set(named.length ? await db.existingLocations(q, named) : []);
  if (named.some((k) => !known.has(k))) throw badRequest('reorderPoints: no such location', 'reorderPoints');
  return points.map((p) => ({ locationId: p.locationId ?? null, minQuantity: p.minQuantity }));
}

/**
 * Creates (id null) or changes a model. A field left out keeps its value. The cost is the
 * items.cost.view claim's to write, as an item's is; archiving keeps the model for its items.
 */
export async function saveModel(
  q: Queryable,
  companyId: string,
  id: string | null,
  body: ModelInput,
  sight: Sight,
): Promise<ProductModel> {
  assertMaySetCost(sight, body.cost);
  const current = id ? or404(await db.findModel(q, id, true)) : null;
  const itemTypeId = body.itemTypeId ?? current?.itemTypeId;
  if (!itemTypeId) throw badRequest('itemTypeId: required', 'itemTypeId');
  if (itemTypeId !== current?.itemTypeId) {
    const type = await db.itemTypeOf(q, itemTypeId);
    if (!type) throw badRequest('itemTypeId: no such item type', 'itemTypeId');
    if (!type.active) throw badRequest('itemTypeId: the item type is deactivated', 'itemTypeId');
  }
  const brandId = body.brandId === undefined ? (current?.brandId ?? null) : body.brandId;
  if (brandId && brandId !== current?.brandId && !(await db.brandExists(q, brandId)))
    throw badRequest('brandId: no such brand', 'brandId');
  const name = (body.name ?? current?.name ?? '').trim();
  if (!name) throw badRequest('name: must not be blank', 'name');
  const imagePath = body.imagePath === undefined ? (current?.imagePath ?? null) : body.imagePath;
  if (imagePath) checkImages(companyId, [imagePath]);
  const barcode = body.barcode === undefined ? (current?.barcode ?? null) : body.barcode?.trim() || null;
  const modelId = current?.id ?? randomUUID();
  const trackedByQuantity = body.trackedByQuantity ?? current?.trackedByQuantity ?? false;
  if (current && trackedByQuantity !== current.trackedByQuantity) {
    // A model is tracked one way: its items would have no quantity row, a quantity no serials.
    const holds = await db.modelHolds(q, current.id);
    if (trackedByQuantity && holds.items)
      throw conflict(`${current.name} has items received by serial: it stays tracked by unit.`);
    if (!trackedByQuantity && holds.onHand)
      throw conflict(`${current.name} has a quantity on hand: count it to 0 before tracking it by unit.`);
  }
  await db.saveModel(q, companyId, {
    id: modelId,
    name,
    itemTypeId,
    brandId,
    salePrice: body.salePrice === undefined ? (current?.salePrice ?? null) : body.salePrice,
    cost: body.cost === undefined ? (current?.cost ?? null) : body.cost,
    warrantyMonths: body.warrantyMonths ?? current?.warrantyMonths ?? 0,
    barcode,
    imagePath,
    archived: body.archived ?? current?.archived ?? false,
    trackedByQuantity,
  });
  if (body.reorderPoints)
    await db.setReorderPoints(q, companyId, modelId, await checkReorderPoints(q, body.reorderPoints));
  return seen((await db.findModel(q, modelId))!, sight);
}

/** The "to reorder" report: every reorder point of an active model not met, keyset-paged. */
export async function toReorder(q: Queryable, query: { locationId?: string; cursor?: string; limit?: number }) {
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor, 3) as [string, string, string] | null;
  const rows = await db.belowReorderPoint(q, { locationId: query.locationId ?? null, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ nameKey: _, locationKey: __, ...row }) => row),
    nextCursor: rows.length > limit && last ? encodeCursor([last.nameKey, last.modelId, last.locationId ?? '']) : null,
  };
}

export const countToReorder = db.countBelowReorderPoint;
