import type { MenuEntry } from './menu-items';

/** Spec §6: an entry is shown when it is not hidden and, if it names roles, the user has one. */
export function isAllowed(entry: MenuEntry, roles: readonly string[]): boolean {
  if (entry.hidden) return false;
  return !entry.visibleTo || entry.visibleTo.some((role) => roles.includes(role));
}

/**
 * The tree as a user with these roles sees it: disallowed entries removed, and groups or
 * collapses left with nothing to show removed too. Unknown entry types are kept, so the menu
 * can say "Menu Items Error" rather than silently dropping them.
 */
export function visibleMenu(entries: readonly MenuEntry[], roles: readonly string[]): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (!isAllowed(entry, roles)) continue;
    if (entry.type === 'group' || entry.type === 'collapse') {
      const children = visibleMenu(entry.children ?? [], roles);
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

/** Spec §4: the item selected on load is the one whose id is a segment of the path. */
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
