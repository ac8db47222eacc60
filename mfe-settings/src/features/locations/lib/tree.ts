import type { Location } from '@stockwise/shared';

export interface TreeRow extends Location {
  depth: number;
  /** "Main warehouse › Shelf A": where it sits. */
  path: string;
  parentName: string;
}

/**
 * The locations in tree order (each parent followed by what sits inside it, by name), with
 * their depth and path. A location whose parent is missing (or a loop) is shown at the top.
 */
export function toTree(locations: readonly Location[]): TreeRow[] {
  const byId = new Map(locations.map((l) => [l.id, l]));
  const children = new Map<string | null, Location[]>();
  for (const location of locations) {
    const parent = location.parentId && byId.has(location.parentId) ? location.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), location]);
  }
  const rows: TreeRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number, trail: string[]) => {
    const kids = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const kid of kids) {
      if (seen.has(kid.id)) continue;
      seen.add(kid.id);
      rows.push({ ...kid, depth, path: [...trail, kid.name].join(' › '), parentName: trail.at(-1) ?? '' });
      walk(kid.id, depth + 1, [...trail, kid.name]);
    }
  };
  walk(null, 0, []);
  for (const location of locations)
    if (!seen.has(location.id)) rows.push({ ...location, depth: 0, path: location.name, parentName: '' });
  return rows;
}

/** A location and everything inside it: none of them may become its parent. */
export function selfAndDescendants(rows: readonly TreeRow[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows)
      if (row.parentId && out.has(row.parentId) && !out.has(row.id)) {
        out.add(row.id);
        grew = true;
      }
  }
  return out;
}
