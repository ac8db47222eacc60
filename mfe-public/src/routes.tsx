import { preloadScreen, ScreenRoutes } from '@stockwise/shared';
import { NS } from './i18n';
import { SCREENS } from './screens';

/** Exposed as ./routes: every page under the public remote's paths (shell: src/mf/areas.ts), from the screen table. */
export default function PublicRoutes() {
  return <ScreenRoutes screens={SCREENS} namespace={NS} />;
}

/** Exposed with the routes: the shell fetches a prerendered page's chunk before it hydrates it. */
export const preload = (pathname: string) => preloadScreen(SCREENS, pathname);
