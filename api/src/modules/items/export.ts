import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { EXPORT_BATCH, type Batch } from '../../lib/csv.js';
import { ITEM_WORDS, word, type Language } from '../../lib/item-words.js';
import {
  fieldColumns,
  fieldKey,
  fieldPeople,
  fieldValue,
  localTime,
  readerOf,
  sendExport,
  type FieldColumn,
  type FileFormat,
  type ItemFields,
} from '../../lib/list-export.js';
import type { SheetColumn } from '../../lib/xlsx.js';
import * as db from './queries.js';
import type { Item, ItemListQuery } from './schemas.js';
import * as service from './service.js';
import type { Sight } from './sight.js';

// ── The item list's exports ───────────────────────────────────────────────────────────────
// For people (csv, xlsx — the default): the screen's words in the reader's language, times in
// their time zone, names instead of ids, one column per custom field. For machines (raw-csv): the
// columns the reception import reads (imports/validate.ts), so a file exported from one company or
// one day can be received again, then the item's id, status key and UTC times for integrations
// (the import skips those). Both stream in keyset batches; the caller's sight (cost, customers)
// decides which columns exist, as in the JSON.

export interface ExportContext {
  language: Language;
  timeZone: string;
  sight: Sight;
  fields: FieldColumn[];
}

type ExportItem = Item & { vendorName: string | null };

/** The items' custom fields, for the other lists of items to export as columns (lib/list-export.ts). */
export const ITEM_FIELDS: ItemFields = {
  definitions: (q) => db.fieldDefinitions(q),
  values: async (q, ids) => new Map((await db.itemFields(q, ids)).map((i) => [i.id, i.fields])),
};

// ── for people ──

export function peopleColumns(ctx: ExportContext): SheetColumn[] {
  const item = (key: string) => word(ctx.language, 'item', key);
  const more = (key: string) => word(ctx.language, 'export', key);
  return [
    { key: 'serial', header: item('serial'), type: 'text' },
    { key: 'sku', header: item('sku'), type: 'text' },
    { key: 'itemType', header: item('type'), type: 'text' },
    { key: 'brand', header: item('brand'), type: 'text' },
    { key: 'model', header: item('model'), type: 'text' },
    { key: 'location', header: item('location'), type: 'text' },
    { key: 'status', header: item('status'), type: 'text' },
    ...(ctx.sight.cost ? [{ key: 'cost', header: item('cost'), type: 'money' } as const] : []),
    { key: 'salePrice', header: item('salePrice'), type: 'money' },
    { key: 'vendor', header: item('vendor'), type: 'text' },
    ...(ctx.sight.customers ? [{ key: 'customer', header: item('customer'), type: 'text' } as const] : []),
    { key: 'receivedAt', header: item('receivedAt'), type: 'datetime' },
    { key: 'soldAt', header: item('soldAt'), type: 'datetime' },
    { key: 'warrantyMonths', header: more('warrantyMonths'), type: 'integer' },
    { key: 'warrantyEndsAt', header: more('warrantyEndsAt'), type: 'date' },
    ...fieldPeople(ctx.fields, ctx.language),
  ];
}

export function peopleRow(item: ExportItem, ctx: ExportContext, sheet: boolean): Record<string, unknown> {
  const row: Record<string, unknown> = {
    serial: item.serial,
    sku: item.sku,
    itemType: item.itemTypeName,
    brand: item.brandName,
    model: item.model,
    location: item.locationName,
    status: ITEM_WORDS[ctx.language].statuses[item.status],
    salePrice: item.salePrice,
    vendor: item.vendorName,
    receivedAt: localTime(item.receivedAt, ctx.timeZone, sheet),
    soldAt: localTime(item.soldAt, ctx.timeZone, sheet),
    warrantyMonths: item.warrantyMonths,
    warrantyEndsAt: localTime(item.warrantyEndsAt, ctx.timeZone, sheet, true),
  };
  if (ctx.sight.cost) row.cost = item.cost ?? null;
  if (ctx.sight.customers) row.customer = item.customerName ?? null;
  for (const f of ctx.fields) row[fieldKey(f.key)] = fieldValue(item.fields[f.key], f.type, ctx.language, sheet);
  return row;
}

// ── for machines ──
/** After the import's columns: what only an export knows; the import skips these (imports/validate.ts). */
export const RAW_EXPORT_ONLY = [
  'id',
  'status',
  'customer',
  'receivedAt',
  'soldAt',
  'warrantyEndsAt',
  'version',
  'updatedAt',
] as const;

export function rawColumns(ctx: ExportContext): string[] {
  return [
    'serial',
    'itemType',
    'location',
    'brand',
    'model',
    'sku',
    ...(ctx.sight.cost ? ['cost'] : []),
    'salePrice',
    'warrantyMonths',
    'vendor',
    ...ctx.fields.map((f) => `fields.${f.key}`),
    ...RAW_EXPORT_ONLY.filter((c) => c !== 'customer' || ctx.sight.customers),
  ];
}

export function rawRow(item: ExportItem, ctx: ExportContext): Record<string, unknown> {
  const row: Record<string, unknown> = {
    serial: item.serial,
    itemType: item.itemTypeName,
    location: item.locationName,
    brand: item.brandName,
    model: item.model,
    sku: item.sku,
    salePrice: item.salePrice,
    warrantyMonths: item.warrantyMonths,
    vendor: item.vendorName,
    id: item.id,
    status: item.status,
    receivedAt: item.receivedAt,
    soldAt: item.soldAt,
    warrantyEndsAt: item.warrantyEndsAt,
    version: item.version,
    updatedAt: item.updatedAt,
  };
  if (ctx.sight.cost) row.cost = item.cost ?? null;
  if (ctx.sight.customers) row.customer = item.customerName ?? null;
  for (const f of ctx.fields) {
    const value = item.fields[f.key];
    row[`fields.${f.key}`] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return row;
}

// ── reading ──
/** One batch of the list with its vendors' names, in the caller's transaction. */
async function exportPage(q: Queryable, query: ItemListQuery, sight: Sight): Promise<Batch<ExportItem>> {
  const page = await service.list(q, query, sight);
  const ids = [...new Set(page.items.map((i) => i.vendorId).filter((id): id is string => id !== null))];
  const names = new Map((ids.length ? await db.vendorNames(q, ids) : []).map((v) => [v.id, v.name]));
  return {
    items: page.items.map((i) => ({ ...i, vendorName: i.vendorId ? (names.get(i.vendorId) ?? null) : null })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Streams every item the query matches in the asked format. `inCompany` runs each read in its own
 * short transaction bound to the caller's company (lib/csv.ts says why). The first read is where
 * the caller's claims are checked and read: it also learns what they may see (`sightOf`) and the
 * company's custom fields, so the columns are known before the first byte is sent.
 */
export async function sendItemExport<Reply extends FastifyReply>(
  reply: Reply,
  format: FileFormat,
  query: ItemListQuery,
  sightOf: () => Sight,
  inCompany: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
): Promise<Reply> {
  const { language, timeZone } = readerOf(query);
  let known: ExportContext | null = null;
  const ctx = () => known!;
  return sendExport(reply, format, {
    filename: 'items',
    sheet: 'Items',
    reader: { language, timeZone },
    people: () => peopleColumns(ctx()),
    raw: () => rawColumns(ctx()),
    read: async (cursor: string | null) =>
      inCompany(async (q) => {
        known ??= { language, timeZone, sight: sightOf(), fields: fieldColumns(await db.fieldDefinitions(q)) };
        return exportPage(q, { ...query, cursor: cursor ?? query.cursor, limit: EXPORT_BATCH }, known.sight);
      }),
    // One column per custom field, vendors by name: the items shape their rows themselves.
    peopleRows: (items, sheet) => items.map((item) => peopleRow(item, ctx(), sheet)),
    rawRows: (items) => items.map((item) => rawRow(item, ctx())),
  }) as Promise<Reply>;
}
