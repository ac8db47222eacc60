import type { WarrantyState } from '@/api/warranty';

/** Where a claim may go from each state: the API's rule, so the screen offers only what succeeds. */
export const NEXT: Record<WarrantyState, readonly Exclude<WarrantyState, 'open'>[]> = {
  open: ['sent', 'closed'],
  sent: ['repaired', 'replaced', 'closed'],
  repaired: ['closed'],
  replaced: ['closed'],
  closed: [],
};

/** Closing before the supplier answered (from open or sent) is a rejection: the API wants a note saying why. */
export const isRejection = (from: WarrantyState, to: WarrantyState) =>
  to === 'closed' && (from === 'open' || from === 'sent');

/** A warranty still running today (the API checks it again when the claim opens). */
export const underWarranty = (warrantyEndsAt: string | null | undefined, now = Date.now()) =>
  Boolean(warrantyEndsAt) && Date.parse(warrantyEndsAt!) >= now;
