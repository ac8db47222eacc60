export { MenuList, MenuItemsError } from './MenuList';
export { MENU } from './menu-items';
export type { MenuEntry, MenuEntryType } from './menu-items';
export { visibleMenu, isAllowed, itemsOf, selectedFromPath, collapseHolding } from './visibility';
export { DRAWER_WIDTH, menuStore, menuActions, useMenuState } from './ui-settings';
