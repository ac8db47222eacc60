import type { Access } from '../../access/index.js';
import { forbidden } from '../../lib/errors.js';

/**
 * What of an item a caller may see. An item's cost — and every figure counted from it (value at
 * cost, margin) — is data of the `items.cost.view` claim; who bought an item is the customers'
 * data (`customers.view`). Without the claim the fields are absent from the answer, not null: null
 * already means "none recorded", and a client that never receives the key cannot show it by
 * mistake. Every answer carrying items, their events or their totals goes through here — JSON
 * and CSV alike (the CSV's columns are the same keys) — so the rule lives in one place.
 */
export interface Sight {
  cost: boolean;
  customers: boolean;
}

export const sightOf = (access: Pick<Access, 'may'>): Sight => ({
  cost: access.may('items.cost.view'),
  customers: access.may('customers.view'),
});

/** The keys, in items and in rows counted from them, that belong to the cost claim. */
export const COST_KEYS = ['cost', 'costValue'] as const;
/** The keys of an item (or a row about one: the warranty list) that name its customer or reach them. */
const CUSTOMER_KEYS = ['customerName', 'customerEmail', 'customerPhone'] as const;

const hiddenKeys = (sight: Sight): readonly string[] => [
  ...(sight.cost ? [] : COST_KEYS),
  ...(sight.customers ? [] : CUSTOMER_KEYS),
];

/** A row (an item, a report row or total) without the keys this caller may not see. */
export function seen<T extends object>(row: T, sight: Sight): T {
  const hidden = hiddenKeys(sight);
  if (!hidden.some((k) => k in row)) return row;
  const copy = { ...row } as Record<string, unknown>;
  for (const k of hidden) delete copy[k];
  return copy as T;
}

/** An event without the changes this caller may not see (an edit's {cost: [before, after]}). */
export function seenEvent<T extends { deltas: Record<string, unknown[]> | null }>(event: T, sight: Sight): T {
  if (!event.deltas || sight.cost || !COST_KEYS.some((k) => k in event.deltas!)) return event;
  return { ...event, deltas: seen(event.deltas, sight) };
}

/** A CSV's columns without those this caller may not see. */
export const seenColumns = (columns: readonly string[], sight: Sight): string[] => {
  const hidden = hiddenKeys(sight);
  return columns.filter((c) => !hidden.includes(c));
};

/**
 * Writing a cost needs the claim as well: a blind write would still tell its writer something (a
 * correction to the value already there records no change), and a cost the writer cannot read
 * back is one they cannot check. A reception may leave it out (null or absent: none recorded).
 */
export function assertMaySetCost(sight: Sight, cost: number | null | undefined): void {
  if (cost !== undefined && !sight.cost)
    throw forbidden('Recording an item’s cost needs the items.cost.view permission; none of your roles grants it.');
}
