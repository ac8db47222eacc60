import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { MenuCollapse, MenuGroup } from '@stockwise/shared';
import type { ShellKey } from '@/i18n';
import type { MenuEntry } from './menu-entry';

// The frame of the drawer, which the shell owns: its groups and the Settings submenus, in order.
// The entries inside them come from the remotes' screen tables (build-menu.ts).

export const GROUP_TITLES: Record<MenuGroup, ShellKey> = {
  'my-view': 'menu.myView',
  actions: 'menu.actions',
  reporting: 'menu.reporting',
  'account-management': 'menu.accountManagement',
  settings: 'menu.settings',
  support: 'menu.support',
};

export const COLLAPSES: Record<MenuCollapse, Pick<MenuEntry, 'title' | 'icon'>> = {
  'company-settings': { title: 'menu.company', icon: BusinessOutlined },
  'process-config': { title: 'menu.processConfig', icon: TuneOutlined },
  'user-role-management': { title: 'menu.userRoleManagement', icon: SupervisorAccountOutlined },
};

/** The order of the Settings group's submenus. */
export const COLLAPSE_ORDER: readonly MenuCollapse[] = ['company-settings', 'process-config', 'user-role-management'];
