import type { Item } from '@/api/inventory';

/**
 * Items handed from a list's bulk action to the screen that does the work (router state, so
 * the batch screen opens with them scanned): `navigate(path, { state: handOff(items) })`.
 */
export const handOff = (items: Item[]) => ({ handedItems: items });

export function handedItems(state: unknown): Item[] {
  const items = (state as { handedItems?: unknown } | null)?.handedItems;
  return Array.isArray(items) ? (items as Item[]) : [];
}
