import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useTranslation } from '../i18n';
import { ScreenComing } from './ScreenComing';
import { ScreenNotFound } from './ScreenNotFound';
import type { LazyPage } from './lazy-page';

/**
 * One row of a remote's screen table: the routes, the shell's menu and the tests all read it.
 */
export interface Screen<TitleKey extends string = string> {
  /** From the site root, without the leading slash ('settings/company'); '' is the site root. */
  path: string;
  /** i18n key of the screen's title, in the remote's namespace. */
  title: TitleKey;
  /**
   * Who the menu shows the screen to (spec §6); absent means everyone signed in (or anyone,
   * on a public page). Menu hiding only: routes check sign-in, as the spec says.
   */
  roles?: readonly string[];
  /** The page, a lazyPage(...) chunk; absent means the screen is not built yet ("coming soon"). */
  page?: ComponentType;
}

/**
 * A remote's <Routes>, built from its screen table. Every prefix the remote owns also gets a
 * not-found route, so an unknown path under it (e.g. /settings/nope) says so instead of
 * showing an empty frame. Paths outside the prefixes render nothing: the shell owns them.
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
      {screens.map(({ path, title, page: Page }) => {
        const element = Page ? <Page /> : <ScreenComing title={t(title)} />;
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
