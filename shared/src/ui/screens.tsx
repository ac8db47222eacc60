import { Box, CircularProgress } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAccess, type Permission } from '../auth/access';
import { useTranslation } from '../i18n';
import { ScreenComing } from './ScreenComing';
import { ScreenNotFound } from './ScreenNotFound';
import { ScreenRefused } from './ScreenRefused';
import type { LazyPage } from './lazy-page';

/** The drawer's groups a screen can sit in, in the drawer's order (the shell draws them). */
export const MENU_GROUPS = ['my-view', 'actions', 'reporting', 'account-management', 'settings', 'support'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** The Settings group's submenus (spec: Company, Process Config, User/Role Management). */
export const MENU_COLLAPSES = ['company-settings', 'process-config', 'user-role-management'] as const;
export type MenuCollapse = (typeof MENU_COLLAPSES)[number];

export interface MenuChip<TitleKey extends string = string> {
  label: TitleKey;
  color?: 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
}

/**
 * Where a screen sits in the drawer. The shell reads it from the remote's table: a remote adds a
 * menu entry by adding a row, with no shell change.
 */
export interface MenuPlacement<TitleKey extends string = string> {
  group: MenuGroup;
  /** A submenu of the group, when the entry sits in one. */
  collapse?: MenuCollapse;
  /** Position among the group's (or submenu's) entries, ascending. */
  order: number;
  icon?: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  /** The entry's text when it is not the screen's title (e.g. Search Item for Item Process). */
  title?: TitleKey;
  /**
   * Who sees the entry when that is narrower than who may open the screen: any one of these
   * claims (e.g. the customer list opens with customers.view, but the menu offers it to managers).
   */
  claims?: readonly Permission[];
  /** The product states a few entries by role name (Search Item: Company Owner); any one of these. */
  roles?: readonly string[];
  chip?: MenuChip<TitleKey>;
  /** In the menu's tree but never shown (Change Location, Change Status are reached from lists). */
  hidden?: boolean;
}

/**
 * One row of a remote's screen table — the one place a screen is declared: the remote's routes
 * and their guards, the shell's drawer and the tests all read it.
 */
export interface Screen<TitleKey extends string = string> {
  /** From the site root, without the leading slash ('settings/company'); '' is the site root. */
  path: string;
  /** i18n key of the screen's title, in the remote's namespace. */
  title: TitleKey;
  /**
   * The claims that open the screen, any one of them (GET /api/access); absent: every signed-in
   * user (or anyone, on a public page). Anyone else is told the screen is not theirs.
   */
  claims?: readonly Permission[];
  /** Its drawer entry; absent: reached by links only. */
  menu?: MenuPlacement<TitleKey>;
  /** The page, a lazyPage(...) chunk; absent means the screen is not built yet ("coming soon"). */
  page?: ComponentType;
}

/** What a remote exposes as ./screens: its table and the i18n namespace its titles live in. */
export interface ScreenTable {
  namespace: string;
  screens: readonly Screen[];
}

function Waiting() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} aria-busy="true">
      <CircularProgress />
    </Box>
  );
}

/**
 * A screen's guard, from its row: the page for a user whose claims open it, the refusal (with the
 * way back) for anyone else. While the answer is on its way nothing is offered; when it cannot be
 * read at all the page is shown and the API, which checks every call, decides.
 */
export function ScreenGuard({
  claims,
  title,
  children,
}: {
  claims?: readonly Permission[];
  title: string;
  children: ReactNode;
}) {
  const access = useAccess();
  if (!claims || claims.length === 0 || access.unavailable) return <>{children}</>;
  if (!access.known) return <Waiting />;
  return access.canAny(claims) ? <>{children}</> : <ScreenRefused title={title} />;
}

/**
 * A remote's <Routes>, built from its screen table, each screen behind its guard. Every prefix
 * the remote owns also gets a not-found route, so an unknown path under it (e.g. /settings/nope)
 * says so instead of showing an empty frame. Paths outside the prefixes render nothing: the
 * shell owns them.
 */
export function ScreenRoutes({
  screens,
  namespace,
  prefixes = [],
}: {
  screens: readonly Screen[];
  namespace: string;
  prefixes?: readonly string[];
}) {
  const { t } = useTranslation(namespace);
  return (
    <Routes>
      {screens.map(({ path, title, claims, page: Page }) => {
        const element = (
          <ScreenGuard claims={claims} title={t(title)}>
            {Page ? <Page /> : <ScreenComing title={t(title)} />}
          </ScreenGuard>
        );
        return path === '' ? (
          <Route key="(index)" index element={element} />
        ) : (
          <Route key={path} path={path} element={element} />
        );
      })}
      {prefixes.map((prefix) => (
        <Route key={`${prefix}/*`} path={`${prefix}/*`} element={<ScreenNotFound />} />
      ))}
    </Routes>
  );
}

/**
 * Fetches the chunk of the page at `pathname` (from the site root) ahead of its first render:
 * the shell calls it, through the remote's exposed `preload`, before hydrating a prerendered page.
 */
export async function preloadScreen(screens: readonly Screen[], pathname: string): Promise<void> {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  const page = screens.find((screen) => screen.path === path)?.page as Partial<LazyPage> | undefined;
  await page?.preload?.();
}
