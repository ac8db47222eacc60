import type { ComponentType } from 'react';
import type { MenuChip, Permission } from '@stockwise/shared';

export type MenuEntryType = 'group' | 'collapse' | 'item';

/**
 * A menu entry as the product describes one: id, title, url, type, an optional visibility rule
 * (claims, or the few role names the product states) and an optional chip. Built from the
 * remotes' screen tables (build-menu.ts), under the shell's groups (menu-groups.ts).
 */
export interface MenuEntry {
  /** The path segment that selects the entry on load (the last segment of its url). */
  id: string;
  /** An i18n key, in `ns`. */
  title: string;
  /** The namespace of `title` and the chip's label: the shell's, or the remote's whose row this is. */
  ns: string;
  /** Typed as string so that an entry of an unknown type can be represented (Menu Items Error). */
  type: MenuEntryType | (string & {});
  url?: string;
  icon?: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  /** Shown when the user holds any one of these claims; absent: everyone signed in. */
  claims?: readonly Permission[];
  /** Shown when the user holds any one of these roles (a rule the product states by role name). */
  roles?: readonly string[];
  /** Present in the tree but never shown (Change Location, Change Status). */
  hidden?: boolean;
  chip?: MenuChip;
  children?: MenuEntry[];
}
