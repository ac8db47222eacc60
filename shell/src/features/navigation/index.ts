export { MenuList, MenuItemsError } from './MenuList';
export { buildMenu } from './build-menu';
export { useMayOpen, useMenuEntries } from './useMenuEntries';
export type { MenuEntry, MenuEntryType } from './menu-entry';
export { visibleMenu, isAllowed, itemsOf, selectedFromPath, collapseHolding } from './visibility';
export { DRAWER_WIDTH, menuStore, menuActions, useMenuState } from './ui-settings';
export { useAccessOnNavigation } from './useAccessOnNavigation';
export { APP_TITLE, usePageTitleOnNavigation } from './usePageTitleOnNavigation';
