import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** Spec §9's "a shared constant" sidebar width, in px (the 260 that spec lists). */
export const DRAWER_WIDTH = 260;

/**
 * Spec §3's UI settings that belong to the menu: which top-level collapse is open (one at a
 * time, spec §4), the selected item and whether the drawer is open. Colour mode, font and
 * border radius live in the theme.
 */
export interface MenuState {
  openCollapseId: string | null;
  selectedId: string | null;
  /** The drawer as the user set it; null = its natural state for the width (open when wide). */
  drawerOpen: boolean | null;
}

export const menuStore = createStore<MenuState>(() => ({
  openCollapseId: null,
  selectedId: null,
  drawerOpen: null,
}));

export const menuActions = {
  /** Opens a top-level collapse and closes any other; a click on the open one closes it. */
  toggleCollapse(id: string) {
    menuStore.setState((s) => ({ openCollapseId: s.openCollapseId === id ? null : id }));
  },
  openCollapse(id: string) {
    menuStore.setState({ openCollapseId: id });
  },
  select(id: string | null) {
    menuStore.setState({ selectedId: id });
  },
  setDrawerOpen(drawerOpen: boolean | null) {
    menuStore.setState({ drawerOpen });
  },
};

export function useMenuState<T>(selector: (state: MenuState) => T): T {
  return useStore(menuStore, selector);
}
