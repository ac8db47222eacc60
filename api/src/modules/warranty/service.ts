import type { Queryable } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { WarrantyOutcome, WarrantyState } from '../../vocabulary.js';
import { announceItems, applyAndRecord, seen, sightOf, type Actor, type Sight } from '../items/index.js';
import * as db from './queries.js';
import type { AdvanceClaimBody, OpenClaimBody, WarrantyClaim } from './schemas.js';

/**
 * Where a claim may go from each state. Repaired and replaced are the supplier's two answers; a
 * claim that gets neither (the supplier refuses it, or the shop finds no fault before sending it)
 * is closed from open or sent as rejected, with a note saying why.
 */
const NEXT: Record<WarrantyState, readonly WarrantyState[]> = {
  open: ['sent', 'closed'],
  sent: ['repaired', 'replaced', 'closed'],
  repaired: ['closed'],
  replaced: ['closed'],
  closed: [],
};
/** While the supplier has it (from sent until closed) the item is in process: the counters show it held. */
const AT_SUPPLIER = 'in_process';

const claimConflict = (message: string, code: string) => new ApiError(409, message, code);

async function answer(q: Queryable, id: string, sight: Sight): Promise<WarrantyClaim> {
  return seen((await db.findClaim(q, id))!, sight);
}

export async function claimsOfItem(q: Queryable, itemId: string, sight: Sight) {
  if (!(await db.itemExists(q, itemId))) throw notFound('Item not found.');
  return { items: (await db.claimsOfItem(q, itemId)).map((c) => seen(c, sight)) };
}

/** One step's writes: the item (status, version) and its "warranty" event naming the claim and the state reached. */
async function record(
  q: Queryable,
  actor: Actor,
  item: db.ClaimItem,
  step: { claimId: string; state: WarrantyState; status: string; note: string | null },
) {
  const change = {
    id: item.id,
    status: step.status,
    locationId: item.locationId,
    customerId: item.customerId,
    sold: false,
    salePrice: null,
  };
  await applyAndRecord(q, [change], { companyId: actor.companyId, userId: actor.userId, note: step.note }, [
    {
      itemId: item.id,
      version: item.version + 1,
      kind: 'warranty',
      transactionTypeId: null,
      fromLocationId: item.locationId,
      toLocationId: item.locationId,
      fromStatus: item.status,
      toStatus: step.status,
      customerId: item.customerId,
      saleId: null,
      deltas: null,
      warrantyClaimId: step.claimId,
      warrantyState: step.state,
    },
  ]);
  announceItems(q, actor, [change]);
}

/**
 * Opens a claim on an item whose warranty is still running (the end is checked now, on the locked
 * item: the day it ends is the last day a claim opens). One claim at a time per item. The claim
 * keeps the supplier the item came from and the customer who holds it; the item's status does not
 * change until it is sent to the supplier.
 */
export async function openClaim(q: Queryable, actor: Actor, itemId: string, body: OpenClaimBody) {
  const item = await db.lockItem(q, itemId);
  if (!item) throw notFound('Item not found.');
  if (!item.underWarranty)
    throw claimConflict(
      item.warrantyEnds
        ? `${item.serial}: its warranty ended on ${item.warrantyEnds}; a claim needs a warranty still running.`
        : `${item.serial} has no warranty running (a warranty starts when the item is sold).`,
      'NOT_UNDER_WARRANTY',
    );
  if (item.status === 'scrapped') throw claimConflict(`${item.serial} is scrapped.`, 'ITEM_SCRAPPED');
  if (item.openClaimId)
    throw claimConflict(`${item.serial} already has a warranty claim that is not closed.`, 'CLAIM_ALREADY_OPEN');
  const fault = body.fault.trim();
  if (!fault) throw badRequest('fault: say what is wrong', 'fault');
  const claimId = await db.insertClaim(q, {
    companyId: actor.companyId,
    itemId,
    vendorId: item.vendorId,
    customerId: item.customerId,
    fault,
    userId: actor.userId,
  });
  await record(q, actor, item, { claimId, state: 'open', status: item.status, note: fault });
  return answer(q, claimId, sightOf(actor.access));
}

/**
 * Moves a claim one step (NEXT). Sending puts the item in process, remembering its status; closing
 * gives that status back — unless something else moved the item since (a Repair run on it at the
 * counter): then the item stays as that left it, and the close is still recorded.
 */
export async function advanceClaim(q: Queryable, actor: Actor, id: string, body: AdvanceClaimBody) {
  const claim = await db.lockClaim(q, id);
  if (!claim) throw notFound('Warranty claim not found.');
  const to = body.to as WarrantyState; // the schema allows the states but open
  if (!NEXT[claim.state].includes(to))
    throw claimConflict(
      claim.state === 'closed'
        ? 'This warranty claim is closed.'
        : `A claim that is ${claim.state} can become ${NEXT[claim.state].join(' or ')}, not ${to}.`,
      'CLAIM_STATE',
    );
  const note = body.note?.trim() || null;
  const rejected = to === 'closed' && (claim.state === 'open' || claim.state === 'sent');
  if (rejected && !note) throw badRequest('note: say why the claim is closed without a repair or replacement', 'note');
  const item = (await db.lockItem(q, claim.itemId))!;
  let status = item.status;
  let statusBefore: string | null = null;
  if (to === 'sent') {
    statusBefore = item.status;
    status = AT_SUPPLIER;
  } else if (to === 'closed' && claim.statusBefore && item.status === AT_SUPPLIER) {
    status = claim.statusBefore;
  }
  const outcome: WarrantyOutcome | null = to === 'repaired' || to === 'replaced' ? to : rejected ? 'rejected' : null;
  await db.moveClaim(q, id, { state: to, outcome, statusBefore });
  await record(q, actor, item, { claimId: id, state: to, status, note });
  return answer(q, id, sightOf(actor.access));
}
