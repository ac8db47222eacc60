import type { CatalogueEntry } from '@/components/CatalogueSelect';

/**
 * The location a scanned code names, or undefined: a shelf or store label carries the location's
 * name (as Settings → Locations spells it, any case) or its id. Change Location reads such a scan as
 * the destination, not as an item's serial.
 */
export function destinationOf<L extends CatalogueEntry>(locations: readonly L[], code: string): L | undefined {
  const wanted = code.trim().toLocaleLowerCase();
  if (!wanted) return undefined;
  return locations.find((location) => location.id === code.trim() || location.name.toLocaleLowerCase() === wanted);
}
