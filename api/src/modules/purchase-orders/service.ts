import { randomUUID } from 'node:crypto';
import type { Access } from '../../access/index.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { DocumentLanguage } from '../../lib/pdf.js';
import { decodeCursor, encodeCursor, ONE_LINE as ONE_LINE_PATTERN } from '../../lib/schemas.js';
import type { PurchaseOrderStatus } from '../../vocabulary.js';
import { getCompany } from '../companies/index.js';
import { publish } from '../events/index.js';
import { receive, type Actor } from '../items/index.js';
import { receiveAgainstOrder as receiveQuantity, type QuantityStock } from '../quantity-stock/index.js';
import type { MailMessage } from '../mail/index.js';
import { logoForPrint, type ObjectStore } from '../storage/index.js';
import { orderMail, orderPdf } from './document.js';
import * as db from './queries.js';
import type {
  OrderInput,
  PurchaseOrder,
  PurchaseOrderListQuery,
  PurchaseOrderSummary,
  ReceiveAgainstBody,
} from './schemas.js';

// Rules of purchase orders, inside the caller's transaction.

/** A change the order's status does not allow: 409 with what to do instead. */
const statusConflict = (message: string) => new ApiError(409, message, 'PURCHASE_ORDER_STATUS');

/**
 * Who sees what an order costs: who may read item costs, and who writes the orders (a price is
 * part of what they agree with the vendor). A receiver without either sees models and quantities.
 */
export const seesCost = (access: Pick<Access, 'may'>) =>
  access.may('items.cost.view') || access.may('purchasing.manage');

function seen<T extends PurchaseOrderSummary>(order: T, cost: boolean): T {
  if (cost) return order;
  const { total: _, ...rest } = order;
  const lines = 'lines' in order ? (order as unknown as PurchaseOrder).lines.map(({ unitCost: __, ...l }) => l) : null;
  return (lines ? { ...rest, lines } : rest) as T;
}

async function find(q: Queryable, id: string): Promise<PurchaseOrder> {
  const order = await db.findOrder(q, id);
  if (!order) throw notFound('Purchase order not found.');
  return order;
}

/** Everyone working on the company's orders (the list, the order page, reception) sees the change. */
const announce = (q: Queryable, companyId: string, id: string) => publish(q, companyId, 'purchase-order.changed', [id]);

export const getOrder = async (q: Queryable, id: string, access: Access) => seen(await find(q, id), seesCost(access));

const OPEN: PurchaseOrderStatus[] = ['sent', 'partly_received'];

export async function listOrders(
  q: Queryable,
  query: Pick<PurchaseOrderListQuery, 'status' | 'vendorId' | 'cursor' | 'limit'>,
  access: Access,
) {
  const limit = query.limit ?? 50;
  const before = decodeCursor(query.cursor, 1) as [number] | null;
  if (before && !Number.isInteger(before[0])) throw badRequest('cursor: is not a cursor this list gave out', 'cursor');
  const rows = await db.listOrders(q, {
    statuses: query.status === 'open' ? OPEN : query.status ? [query.status] : null,
    vendorId: query.vendorId ?? null,
    before: before?.[0] ?? null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const cost = seesCost(access);
  return {
    items: page.map((o) => seen(o, cost)),
    nextCursor: rows.length > limit && last ? encodeCursor([last.number]) : null,
  };
}

async function checkVendor(q: Queryable, vendorId: string) {
  const vendor = await db.vendorOf(q, vendorId);
  if (!vendor) throw badRequest('vendorId: no such vendor', 'vendorId');
  if (!vendor.active) throw badRequest(`vendorId: ${vendor.name} is deactivated`, 'vendorId');
}

/** The lines as stored: each model known, not archived, named once; a unit cost given or the model's. */
async function checkLines(q: Queryable, lines: NonNullable<OrderInput['lines']>) {
  const ids = lines.map((l) => l.modelId);
  if (new Set(ids).size !== ids.length)
    throw badRequest('lines: a model appears on two lines; put its whole quantity on one', 'lines');
  const models = new Map((await db.modelsOf(q, ids)).map((m) => [m.id, m]));
  return lines.map((l, n) => {
    const model = models.get(l.modelId);
    if (!model) throw badRequest(`lines.${n}.modelId: no such product model`, 'lines');
    if (model.archived) throw badRequest(`lines.${n}.modelId: ${model.name} is archived`, 'lines');
    const unitCost = l.unitCost ?? model.cost;
    if (unitCost === null || unitCost === undefined)
      throw badRequest(`lines.${n}.unitCost: ${model.name} has no cost; give the unit cost`, 'lines');
    return { modelId: l.modelId, quantity: l.quantity, unitCost };
  });
}

const blankToNull = (note: string | null | undefined) => note?.trim() || null;

/** A new draft, numbered next in the company (PO-0001, PO-0002…). */
export async function createOrder(
  q: Queryable,
  actor: Actor,
  body: Required<Pick<OrderInput, 'vendorId' | 'lines'>> & Pick<OrderInput, 'note'>,
) {
  await checkVendor(q, body.vendorId);
  const lines = await checkLines(q, body.lines);
  const id = randomUUID();
  const number = await db.nextNumber(q, actor.companyId);
  await db.insertOrder(q, {
    companyId: actor.companyId,
    id,
    number,
    vendorId: body.vendorId,
    note: blankToNull(body.note),
    userId: actor.userId,
  });
  await db.setLines(q, actor.companyId, id, lines);
  announce(q, actor.companyId, id);
  return find(q, id);
}

async function lockOrder(q: Queryable, id: string) {
  const order = await db.lockOrder(q, id);
  if (!order) throw notFound('Purchase order not found.');
  return order;
}

/** Changes a draft: what is given (lines: the whole set). A sent order is what the vendor has: 409. */
export async function updateOrder(q: Queryable, actor: Actor, id: string, body: OrderInput) {
  const order = await lockOrder(q, id);
  if (order.status !== 'draft')
    throw statusConflict(
      'Only a draft can be changed: this order was sent to the vendor. Cancel it and write a new one.',
    );
  const current = await find(q, id);
  const vendorId = body.vendorId ?? order.vendorId;
  if (vendorId !== order.vendorId) await checkVendor(q, vendorId);
  await db.updateDraft(q, id, { vendorId, note: body.note === undefined ? current.note : blankToNull(body.note) });
  if (body.lines) await db.setLines(q, actor.companyId, id, await checkLines(q, body.lines));
  announce(q, actor.companyId, id);
  return find(q, id);
}

/**
 * Marks a draft sent to its vendor's email and answers the mail to deliver once committed: the
 * order as a PDF, in the sender's language. A vendor without an email: 400 (nothing changes).
 */
export async function sendOrder(
  q: Queryable,
  objects: ObjectStore,
  actor: Actor,
  id: string,
  language: DocumentLanguage,
): Promise<{ order: PurchaseOrder; mail: MailMessage }> {
  const locked = await lockOrder(q, id);
  if (locked.status !== 'draft')
    throw statusConflict(
      locked.status === 'cancelled' ? 'This order is cancelled.' : 'This order was already sent to the vendor.',
    );
  const draft = await find(q, id);
  const to = draft.vendorEmail?.trim();
  if (!to)
    throw badRequest(
      `${draft.vendorName} has no email address: add one to the vendor, then send the order.`,
      'vendorEmail',
    );
  await db.setStatus(q, id, 'sent', to);
  const order = await find(q, id);
  const company = await getCompany(q, actor.companyId);
  const pdf = await orderPdf({ company, logo: await logoForPrint(objects, company.logoPath), order, language });
  const words = orderMail(order, company.companyName, language);
  announce(q, actor.companyId, id);
  return {
    order,
    mail: {
      to,
      subject: words.subject,
      text: words.text,
      attachments: [{ filename: words.filename, contentType: 'application/pdf', content: pdf }],
    },
  };
}

/** The order as the vendor gets it (a print of a draft shows what "send" will mail). */
export async function orderDocument(
  q: Queryable,
  objects: ObjectStore,
  companyId: string,
  id: string,
  language: DocumentLanguage,
) {
  const order = await find(q, id);
  const company = await getCompany(q, companyId);
  return orderPdf({ company, logo: await logoForPrint(objects, company.logoPath), order, language });
}

/** Cancels an order not all in: a draft, a sent one, or one partly received (the rest will not come). */
export async function cancelOrder(q: Queryable, actor: Actor, id: string, access: Access) {
  const order = await lockOrder(q, id);
  if (order.status === 'cancelled') throw statusConflict('This order is already cancelled.');
  if (order.status === 'received') throw statusConflict('This order is fully received: there is nothing to cancel.');
  await db.setStatus(q, id, 'cancelled');
  announce(q, actor.companyId, id);
  return getOrder(q, id, access);
}

/**
 * Receives against one line of an open order: serials for a model tracked by unit — the items are
 * the line's model (its type and brand), at the line's cost, from the order's vendor, and each
 * receive event names the order — or a quantity for a model tracked by quantity, added at the
 * location with a "receive" row on the ledger naming the order, at the line's cost. More than is
 * still due is refused (409, nothing received); the last one due makes the order received.
 */
export async function receiveAgainst(q: Queryable, actor: Actor, id: string, body: ReceiveAgainstBody) {
  const order = await lockOrder(q, id);
  const reference = `PO-${String(order.number).padStart(4, '0')}`;
  if (order.status === 'draft')
    throw statusConflict(`${reference} is a draft: send it to the vendor before receiving against it.`);
  if (order.status === 'received') throw statusConflict(`${reference} is fully received: nothing is due on it.`);
  if (order.status === 'cancelled') throw statusConflict(`${reference} is cancelled: nothing is due on it.`);
  const current = await find(q, id);
  const line = current.lines.find((l) => l.modelId === body.modelId);
  if (!line) throw badRequest(`modelId: this model is not on ${reference}`, 'modelId');
  const asked = receptionOf(line, body);
  const counted = (await db.lockLine(q, id, body.modelId))!;
  const due = counted.quantity - counted.received;
  if (asked.count > due)
    throw new ApiError(
      409,
      asked.serials
        ? `${reference} has ${due} of ${line.modelName} still due: ${asked.count} scanned is more than ordered. Remove ${asked.count - due} or receive them without the order.`
        : `${reference} has ${due} of ${line.modelName} still due: ${asked.count} is more than ordered. Receive ${due} against it and the rest without the order.`,
      'PURCHASE_ORDER_OVER_RECEIVED',
      asked.serials ? 'serials' : 'quantity',
    );
  let items: Awaited<ReturnType<typeof receive>> = [];
  let stock: QuantityStock | undefined;
  if (asked.serials)
    items = await receive(
      q,
      actor,
      {
        itemTypeId: line.itemTypeId,
        locationId: body.locationId,
        serials: asked.serials,
        brandId: line.brandId,
        modelId: line.modelId,
        vendorId: current.vendorId,
        salePrice: body.salePrice,
        warrantyMonths: body.warrantyMonths,
        fields: body.fields,
        note: body.note ?? `${reference}`,
      },
      { purchaseOrderId: id, unitCost: counted.unitCost },
    );
  else
    stock = await receiveQuantity(q, actor, line.modelId, {
      purchaseOrderId: id,
      locationId: body.locationId,
      quantity: asked.count,
      unitCost: counted.unitCost,
      reason: body.note?.trim() || null,
    });
  const allIn = await db.countReceived(q, id, body.modelId, asked.count);
  await db.setStatus(q, id, allIn ? 'received' : 'partly_received');
  announce(q, actor.companyId, id);
  return { items, order: await getOrder(q, id, actor.access), ...(stock ? { stock } : {}) };
}

/** A note on the quantity ledger is a one-line reason (quantity_moves.reason), as the Quantity Stock screen's. */
const ONE_LINE = new RegExp(ONE_LINE_PATTERN);

/**
 * What a reception against a line brings, as the line's model is tracked: serials (by unit) or a
 * quantity; what belongs to the other way is refused (400), never silently dropped.
 */
function receptionOf(line: PurchaseOrder['lines'][number], body: ReceiveAgainstBody) {
  if (!line.trackedByQuantity) {
    if (body.quantity !== undefined)
      throw badRequest(`quantity: ${line.modelName} is tracked by unit: scan its serials`, 'quantity');
    if (!body.serials) throw badRequest(`serials: ${line.modelName} is tracked by unit: scan its serials`, 'serials');
    return { serials: body.serials, count: body.serials.length };
  }
  const serialsOnly = (['serials', 'salePrice', 'warrantyMonths', 'fields'] as const).find(
    (k) => body[k] !== undefined,
  );
  if (serialsOnly)
    throw badRequest(
      `${serialsOnly}: ${line.modelName} is tracked by quantity: give the quantity received, without serials or item details`,
      serialsOnly,
    );
  if (body.quantity === undefined)
    throw badRequest(`quantity: ${line.modelName} is tracked by quantity: give the quantity received`, 'quantity');
  const note = body.note?.trim();
  if (note && (note.length > 200 || !ONE_LINE.test(note)))
    throw badRequest('note: a quantity’s reason on the ledger is one line of at most 200 characters', 'note');
  return { serials: null, count: body.quantity };
}
