import { ScreenRoutes } from '@stockwise/shared';
import { NS } from './i18n';
import { PREFIXES, SCREENS } from './screens';

/** Exposed as ./routes: everything under /settings (shell: src/mf/areas.ts), from the screen table. */
export default function SettingsRoutes() {
  return <ScreenRoutes screens={SCREENS} namespace={NS} prefixes={PREFIXES} />;
}
