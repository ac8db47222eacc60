import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { decodeTimeIdCursor, encodeCursor } from '../../lib/schemas.js';
import {
  announceItems,
  insertEvents,
  lockItems,
  openSaleLines,
  prepareBuiltIn,
  refused,
  statusesBeforeSale,
  unsell,
  writesOf,
  type Actor,
} from '../items/index.js';
import { publish } from '../events/index.js';
import { putBackForVoid, recordSold, takeForSale } from '../quantity-stock/index.js';
import { getCompany, MONEY_SETTINGS_JSON, type MoneySettings } from '../companies/index.js';
import { logoForPrint, type ObjectStore } from '../storage/index.js';
import { receiptPdf } from './receipt.js';
import { currencyDigits } from '../../lib/money.js';
import * as db from './queries.js';
import type { CreateSaleBody, ReceiptQuery, Sale, SaleListQuery, VoidSaleBody } from './schemas.js';

/**
 * A sale is the engine's Sell type applied to its lines' items, plus the document: the items are
 * locked and checked first, with the Sell type read in the same round trip (a second sale of the
 * same serial waits, then finds it sold: 409); then one statement makes the items sold with the
 * warranty starting now, writes their events, the sale with the company's next number (a sequence:
 * no lock all of a company's sales share) and its lines, and answers the sale; both changes are
 * announced after the commit. The company's currency and tax rate are read with the lock (the same
 * round trip): the sale keeps them (a later change leaves its receipt as it was). Five round trips
 * with the transaction's BEGIN, access read and COMMIT.
 */
export async function createSale(q: Queryable, actor: Actor, body: CreateSaleBody): Promise<Sale> {
  const { items: itemLines, quantities } = splitLines(body);
  const bySerial = itemLines.every((l) => l.serial !== undefined);
  const byId = itemLines.every((l) => l.itemId !== undefined);
  if (!bySerial && !byId) throw badRequest('lines: name every item by itemId, or every item by serial', 'lines');
  const plan = await prepareBuiltIn<MoneySettings>(
    q,
    actor,
    'sell',
    'Sell',
    {
      ...(byId ? { itemIds: itemLines.map((l) => l.itemId!) } : { serials: itemLines.map((l) => l.serial!) }),
      customerId: body.customerId ?? null,
      note: body.note,
    },
    MONEY_SETTINGS_JSON,
    quantities.length > 0,
  );
  const money = plan.company;
  if (!money) throw notFound('Company not found.');
  // After the items are locked (the same order every sale takes): the quantities, all or nothing.
  const taken = await takeForSale(
    q,
    actor.companyId,
    quantities.map(({ n, line }) => ({
      n,
      modelId: line.modelId!,
      locationId: line.locationId,
      quantity: line.quantity ?? 1,
    })),
  );
  const from = new Map(taken.map((t) => [t.n, t.locationId]));
  const idOf = (l: CreateSaleBody['lines'][number]) =>
    byId ? l.itemId! : plan.items.find((i) => i.serial.toLowerCase() === l.serial!.trim().toLowerCase())!.id;
  const lines = body.lines.map((l, n) =>
    l.modelId
      ? {
          itemId: null,
          modelId: l.modelId,
          locationId: from.get(n)!,
          quantity: l.quantity ?? 1,
          price: l.price,
          discount: l.discount ?? 0,
        }
      : { itemId: idOf(l), modelId: null, locationId: null, quantity: 1, price: l.price, discount: l.discount ?? 0 },
  );
  // The events name the sale before its row is written: that reference is checked at commit (migration 0009).
  const saleId = randomUUID();
  // What each item sold for: the price asked after the discount, in the company's convention (its
  // sale prices are entered with the tax in when its prices include tax, without it otherwise).
  const w = writesOf(actor, plan, {
    saleId,
    prices: new Map(lines.filter((l) => l.itemId).map((l) => [l.itemId!, l.price - l.discount])),
  });
  const sale = await db.recordSale(q, w, {
    id: saleId,
    customerId: plan.customerId,
    currency: money.currency,
    taxRate: money.taxRate,
    taxDigits: currencyDigits(money.currency),
    pricesIncludeTax: money.pricesIncludeTax,
    lines,
  });
  await recordSold(q, actor, saleId, taken);
  announceItems(q, actor, w.changes);
  publish(q, actor.companyId, 'sale.made', [saleId]);
  return sale;
}

/**
 * A sale's lines as items (by itemId or serial) and as models × quantity (by modelId), each
 * checked: one kind of reference per line, a quantity and a location only on a model's line, a
 * discount at most the line's price (one unit's × quantity).
 */
function splitLines(body: CreateSaleBody) {
  const items: CreateSaleBody['lines'] = [];
  const quantities: Array<{ n: number; line: CreateSaleBody['lines'][number] }> = [];
  body.lines.forEach((l, n) => {
    const refs = [l.itemId, l.serial, l.modelId].filter((r) => r !== undefined).length;
    if (refs !== 1)
      throw badRequest(
        `lines/${n}: name the item (itemId or serial) or the model (modelId), one of them`,
        `lines/${n}`,
      );
    if (!l.modelId && (l.quantity !== undefined || l.locationId !== undefined))
      throw badRequest(
        `lines/${n}/quantity: an item is sold one by one; a quantity is for a model tracked by quantity`,
        `lines/${n}/quantity`,
      );
    if ((l.discount ?? 0) > l.price * (l.quantity ?? 1))
      throw badRequest(`lines/${n}/discount: is more than the line's price`, `lines/${n}/discount`);
    if (l.modelId) quantities.push({ n, line: l });
    else items.push(l);
  });
  return { items, quantities };
}

export async function getSale(q: Queryable, id: string): Promise<Sale> {
  const sale = await db.findSale(q, id);
  if (!sale) throw notFound('Sale not found.');
  return { ...sale, lines: await db.saleLines(q, id) };
}

export async function listSales(q: Queryable, query: SaleListQuery) {
  const limit = query.limit ?? 50;
  const after = decodeTimeIdCursor(query.cursor);
  const rows = await db.salePage(q, { ...query, limit }, after);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ _key: _k, ...s }) => s),
    nextCursor: rows.length > limit && last ? encodeCursor([last._key, last.id]) : null,
  };
}

/**
 * A void cancels a sale made by mistake: only on the day it was made (the UTC day, the day the
 * sales counters count it on), and only while every item is still sold by it — an item returned
 * since, or sold on again, is refused (nothing written): a later day's mistake is a return. Each
 * item goes back to the status it had before the sale with a "void" event naming the sale; the
 * sale keeps its number and lines and is marked void (its count and total leave the day's counter).
 */
export async function voidSale(q: Queryable, actor: Actor, id: string, body: VoidSaleBody): Promise<Sale> {
  const sale = await db.lockSaleForVoid(q, id);
  if (!sale) throw notFound('Sale not found.');
  if (sale.voided) throw conflict(`Sale ${sale.number} is already void.`);
  if (!sale.today)
    throw new ApiError(
      409,
      `Sale ${sale.number} was made on ${sale.day}: only a sale of today (UTC) can be voided. Return its items instead.`,
      'SALE_NOT_TODAY',
    );
  const lines = await db.linesForVoid(q, id);
  const items = await lockItems(q, { ids: lines.map((l) => l.itemId) });
  const open = new Map(
    (
      await openSaleLines(
        q,
        items.map((i) => i.id),
      )
    ).map((l) => [l.itemId, l.saleId]),
  );
  const before = new Map((await statusesBeforeSale(q, id)).map((e) => [e.itemId, e.fromStatus]));
  const refusals = items
    .map((item) => ({
      serial: item.serial,
      reason: item.status !== 'sold' || open.get(item.id) !== id ? 'it was returned or sold again since' : null,
    }))
    .filter((r): r is { serial: string; reason: string } => r.reason !== null);
  if (refusals.length) throw refused(refusals, 'The sale was not voided');
  const back = items.map((i) => ({ id: i.id, status: before.get(i.id) ?? 'in_stock' }));
  await unsell(q, back);
  const reason = body.reason.trim();
  await insertEvents(
    q,
    actor.companyId,
    actor.userId,
    null,
    items.map((item, n) => ({
      itemId: item.id,
      version: item.version + 1,
      kind: 'void',
      transactionTypeId: null,
      fromLocationId: item.locationId,
      toLocationId: item.locationId,
      fromStatus: item.status,
      toStatus: back[n]!.status,
      customerId: item.customerId,
      saleId: id,
      deltas: null,
      reason,
    })),
  );
  await putBackForVoid(q, actor, id, reason);
  await db.markVoided(q, id, actor.userId, reason);
  publish(
    q,
    actor.companyId,
    'item.changed',
    back.map((b) => b.id),
  );
  // The same views a new sale refreshes (sales, customers, reports, the dashboard) show the void.
  publish(q, actor.companyId, 'sale.made', [id]);
  return getSale(q, id);
}

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** A sale's receipt as a PDF: the company's details and logo, the sale as stored, in the reader's language and time zone. */
export async function saleReceipt(
  q: Queryable,
  objects: ObjectStore,
  companyId: string,
  id: string,
  query: ReceiptQuery,
) {
  const timeZone = query.tz ?? 'UTC';
  if (timeZone !== 'UTC' && !TIME_ZONES.has(timeZone)) throw badRequest(`tz: ${timeZone} is not a time zone`, 'tz');
  const sale = await getSale(q, id);
  const company = await getCompany(q, companyId);
  const logo = await logoForPrint(objects, company.logoPath);
  return receiptPdf({ company, logo, sale, language: query.lang ?? 'en', timeZone });
}
