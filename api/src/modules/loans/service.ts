import type { Queryable } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/schemas.js';
import { LENDABLE_STATUSES, LOAN_VIEWS, type LoanView, type StatusKey } from '../../vocabulary.js';
import { findCustomer } from '../catalogue/index.js';
import { publish } from '../events/index.js';
import { announceItems, applyAndRecord, lockItems, refused, type Actor } from '../items/index.js';
import * as db from './queries.js';
import type { CheckInBody, CheckOutBody, Loan, LoanListQuery } from './schemas.js';

/** The loans list, the item's page and the alerts see the change (live updates). */
const announce = (q: Queryable, actor: Actor, id: string) => publish(q, actor.companyId, 'loan.changed', [id]);

const LENDABLE: readonly string[] = LENDABLE_STATUSES;

async function found(q: Queryable, id: string): Promise<Loan> {
  const loan = await db.findLoan(q, id);
  if (!loan) throw notFound('Loan not found.');
  return loan;
}
export const getLoan = found;

export async function listLoans(q: Queryable, query: LoanListQuery) {
  const view = (query.view ?? 'open') as LoanView;
  if (!LOAN_VIEWS.includes(view)) throw badRequest('view: unknown', 'view');
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor, 2) as [string, string] | null;
  const rows = await db.loanPage(q, { view, itemId: query.itemId ?? null, after, limit: limit + 1 });
  const items = rows.slice(0, limit).map(({ _key, ...loan }) => loan);
  const last = rows[limit - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor([last._key, last.id]) : null };
}

/** A due time: a real moment, in the future (a loan due already would be overdue as it starts). */
function dueAt(text: string): string {
  const due = new Date(text);
  if (Number.isNaN(due.getTime())) throw badRequest('dueAt: not a date and time', 'dueAt');
  if (due.getTime() <= Date.now()) throw badRequest('dueAt: the due time has to be in the future', 'dueAt');
  return due.toISOString();
}

/**
 * Checks an item out to a person — an active user of the company or an active customer — until a
 * due time. The item must be at hand (in stock, reserved or returned); it becomes on loan (held,
 * counted, not for sale) and its history gets a check_out event naming the loan.
 */
export async function checkOut(q: Queryable, actor: Actor, body: CheckOutBody): Promise<Loan> {
  if (!body.itemId === !body.serial) throw badRequest('itemId: name the item by itemId or by serial', 'itemId');
  if (!body.userId === !body.customerId)
    throw badRequest('userId: lend it to one person: a userId or a customerId', 'userId');
  const due = dueAt(body.dueAt);
  if (body.userId && !(await db.activeUser(q, body.userId)))
    throw badRequest('userId: no such active user in this company', 'userId');
  if (body.customerId) {
    const customer = await findCustomer(q, body.customerId);
    if (!customer || !customer.isCustomer) throw badRequest('customerId: no such customer', 'customerId');
    if (!customer.active) throw badRequest(`customerId: ${customer.name} is deactivated`, 'customerId');
  }
  const [item] = await lockItems(q, body.itemId ? { ids: [body.itemId] } : { serials: [body.serial!] });
  if (!item) throw new ApiError(404, `No such item: ${body.itemId ?? body.serial}.`, 'ITEM_NOT_FOUND');
  if (item.status === 'on_loan')
    throw refused([{ serial: item.serial, reason: 'it is on loan already: check it in first' }]);
  if (!LENDABLE.includes(item.status))
    throw refused([
      {
        serial: item.serial,
        reason: `only items in stock, reserved or returned can be lent (it is ${item.status.replace('_', '-')})`,
      },
    ]);
  const id = await db.insertLoan(q, {
    companyId: actor.companyId,
    itemId: item.id,
    userId: body.userId ?? null,
    customerId: body.customerId ?? null,
    dueAt: due,
    fromStatus: item.status,
    note: body.note?.trim() || null,
    by: actor.userId,
  });
  await record(q, actor, item, 'on_loan', 'check_out', id, body.note?.trim() || null);
  announce(q, actor, id);
  return found(q, id);
}

/**
 * Checks a loan in: the item is what it was before the check-out again (sellable again if it was)
 * and its history gets a check_in event naming the loan. A loan checked in already is a 409.
 */
export async function checkIn(q: Queryable, actor: Actor, id: string, body: CheckInBody): Promise<Loan> {
  const loan = await db.lockLoan(q, id);
  if (!loan) throw notFound('Loan not found.');
  if (loan.checkedIn) throw new ApiError(409, 'This loan has been checked in already.', 'LOAN_CLOSED');
  const [item] = await lockItems(q, { ids: [loan.itemId] });
  await db.closeLoan(q, id, actor.userId);
  // Nothing but a check-in takes an item off loan (the engine and the transaction types refuse
  // on_loan), so the item is on loan here; were it not, the loan still closes and the status stays.
  const back: StatusKey = item!.status === 'on_loan' ? loan.fromStatus : (item!.status as StatusKey);
  await record(q, actor, item!, back, 'check_in', id, body.note?.trim() || null);
  announce(q, actor, id);
  return found(q, id);
}

async function record(
  q: Queryable,
  actor: Actor,
  item: Awaited<ReturnType<typeof lockItems>>[number],
  status: string,
  kind: 'check_out' | 'check_in',
  loanId: string,
  note: string | null,
) {
  const change = {
    id: item.id,
    status,
    locationId: item.locationId,
    customerId: item.customerId,
    sold: false,
    salePrice: null,
  };
  await applyAndRecord(q, [change], { companyId: actor.companyId, userId: actor.userId, note }, [
    {
      itemId: item.id,
      version: item.version + 1,
      kind,
      transactionTypeId: null,
      fromLocationId: item.locationId,
      toLocationId: item.locationId,
      fromStatus: item.status,
      toStatus: status,
      customerId: item.customerId,
      saleId: null,
      deltas: null,
      loanId,
    },
  ]);
  announceItems(q, actor, [change]);
}

/** Whom an item may be lent to: active users and customers matching a search (20 of each at most). */
export async function borrowers(q: Queryable, search: string | undefined) {
  const text = search?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return { items: await db.borrowers(q, pattern, 20) };
}

// ── the overdue alert (modules/alerts) ──
export const countOverdue = db.countOverdue;
export async function overdueLines(q: Queryable, limit: number, language: 'en' | 'tr' = 'en') {
  return (await db.overdue(q, limit)).map((l) => {
    const item = `${l.serial}${l.model ? ` (${l.model})` : ''}`;
    const due = l.dueAt.slice(0, 10);
    return {
      id: l.id,
      text:
        language === 'tr'
          ? `${item} — ödünç alan ${l.borrowerName}, teslim tarihi ${due}`
          : `${item} — lent to ${l.borrowerName}, due ${due}`,
    };
  });
}
