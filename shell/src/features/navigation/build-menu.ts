import { MENU_GROUPS, type MenuCollapse, type ScreenTable } from '@stockwise/shared';
import { COLLAPSE_ORDER, COLLAPSES, GROUP_TITLES } from './menu-groups';
import type { MenuEntry } from './menu-entry';

const SHELL_NS = 'shell';

interface Placed {
  order: number;
  collapse?: MenuCollapse;
  entry: MenuEntry;
}

/**
 * The drawer's tree from the screen tables of the remotes the shell loaded: every row with a menu
 * placement becomes an item in its group (and submenu), in its order. A remote adds a screen to
 * the drawer by adding a row; the shell is not changed. Groups left empty are not drawn.
 */
export function buildMenu(tables: readonly ScreenTable[]): MenuEntry[] {
  const placed = new Map<string, Placed[]>();
  for (const { namespace, screens } of tables) {
    for (const screen of screens) {
      const menu = screen.menu;
      if (!menu) continue;
      const url = `/${screen.path}`;
      const entry: MenuEntry = {
        id: screen.path.split('/').pop() ?? screen.path,
        title: menu.title ?? screen.title,
        ns: namespace,
        type: 'item',
        url,
        icon: menu.icon,
        // Who sees the entry: the menu's own rule when narrower, else whoever may open the screen.
        claims: menu.claims ?? screen.claims,
        roles: menu.roles,
        hidden: menu.hidden,
        chip: menu.chip,
      };
      const list = placed.get(menu.group) ?? [];
      list.push({ order: menu.order, collapse: menu.collapse, entry });
      placed.set(menu.group, list);
    }
  }

  return MENU_GROUPS.flatMap((group) => {
    const rows = [...(placed.get(group) ?? [])].sort((a, b) => a.order - b.order);
    if (rows.length === 0) return [];
    const children: MenuEntry[] = rows.filter((row) => !row.collapse).map((row) => row.entry);
    for (const collapse of COLLAPSE_ORDER) {
      const inside = rows.filter((row) => row.collapse === collapse).map((row) => row.entry);
      if (inside.length > 0)
        children.push({ id: collapse, ns: SHELL_NS, type: 'collapse', ...COLLAPSES[collapse], children: inside });
    }
    return [{ id: group, title: GROUP_TITLES[group], ns: SHELL_NS, type: 'group', children }];
  });
}
