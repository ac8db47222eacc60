import type { AccessView } from '@stockwise/shared';
import type { MenuEntry } from './menu-entry';

/**
 * An entry is shown when it is not hidden, the user holds one of the claims it names (as the
 * server answers now), and — where the product states the entry by role — one of those roles.
 */
export function isAllowed(entry: MenuEntry, access: AccessView): boolean {
  if (entry.hidden) return false;
  if (entry.claims && !access.canAny(entry.claims)) return false;
  return !entry.roles || entry.roles.some((role) => access.holds(role));
}

/**
 * The tree as this user sees it: disallowed entries removed, and groups or collapses left with
 * nothing to show removed too. Unknown entry types are kept, so the menu can say "Menu Items
 * Error" rather than silently dropping them.
 */
export function visibleMenu(entries: readonly MenuEntry[], access: AccessView): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (!isAllowed(entry, access)) continue;
    if (entry.type === 'group' || entry.type === 'collapse') {
      const children = visibleMenu(entry.children ?? [], access);
      if (children.length > 0) result.push({ ...entry, children });
    } else {
      result.push(entry);
    }
  }
  return result;
}

/** Every item (leaf) of a tree, depth first. */
export function itemsOf(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.children ? itemsOf(entry.children) : [entry]));
}

/** The item selected on load is the one whose url is the path, else whose id is a segment of it. */
export function selectedFromPath(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const items = itemsOf(entries).filter((item) => item.type === 'item');
  // Exact URL first, then the last segment that names an item (ids are path segments).
  return (
    items.find((item) => item.url === pathname.replace(/\/+$/, '')) ??
    [...segments]
      .reverse()
      .map((segment) => items.find((item) => item.id === segment))
      .find(Boolean)
  );
}

/** The top-level collapse that holds an entry, if any (to open it on load). */
export function collapseHolding(entries: readonly MenuEntry[], id: string): MenuEntry | undefined {
  for (const group of entries) {
    for (const entry of group.children ?? []) {
      if (entry.type === 'collapse' && itemsOf(entry.children ?? []).some((item) => item.id === id)) return entry;
    }
  }
  return undefined;
}
