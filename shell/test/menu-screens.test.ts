import { ROLES, type Screen } from '@stockwise/shared';
import { areaFor } from '../src/mf/areas';
import { MENU, type MenuEntry } from '../src/features/navigation';
import type { RemoteName } from '../src/mf/remotes';

// A contract between the shell's menu and the remotes' screen tables (issue 9, point 11): every
// menu entry points at a screen its remote really has, shown to the same roles (spec §6).
// The tables are read from the remotes' sources, as data: the shell never imports a remote.
const TABLES: Record<RemoteName, string> = {
  mfe_public: '../../mfe-public/src/screens',
  mfe_workspace: '../../mfe-workspace/src/screens',
  mfe_settings: '../../mfe-settings/src/screens',
  mfe_billing: '../../mfe-billing/src/screens',
};

async function screensOf(remote: RemoteName): Promise<readonly Screen[]> {
  // A path in a variable: Jest resolves it from this file at run time; tsc does not follow it.
  const file = TABLES[remote];
  const table = (await import(file)) as { SCREENS: readonly Screen[] };
  return table.SCREENS;
}

const ALL_ROLES = Object.values(ROLES) as string[];

/** The roles that see a menu item: those allowed by the item and by every group above it. */
function menuItems(entries: readonly MenuEntry[], allowed: readonly string[] = ALL_ROLES): [MenuEntry, string[]][] {
  return entries.flatMap((entry) => {
    const roles = entry.visibleTo ? allowed.filter((role) => entry.visibleTo?.includes(role)) : [...allowed];
    return entry.children ? menuItems(entry.children, roles) : [[entry, roles] as [MenuEntry, string[]]];
  });
}

const linked = menuItems(MENU).filter(([entry]) => entry.url);

describe('menu ↔ screen tables', () => {
  it.each(linked.map(([entry, roles]) => [entry.url as string, roles] as const))(
    '%s is a screen of its remote, for the same roles',
    async (url, roles) => {
      const area = areaFor(url);
      expect(area).toBeDefined();
      const screens = await screensOf(area!.remote);
      const screen = screens.find((candidate) => `/${candidate.path}` === url);
      expect(screen).toBeDefined();
      expect([...(screen!.roles ?? ALL_ROLES)].sort()).toEqual([...roles].sort());
    },
  );

  it('checks every entry of the menu that has a link', () => {
    expect(linked.length).toBeGreaterThanOrEqual(25);
  });
});
