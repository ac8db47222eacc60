import { StandaloneHost } from '@stockwise/shared';
import RemoteRoutes from './routes';

/** This remote on its own page, for its team's development; the shell mounts ./routes instead. */
export function App() {
  return <StandaloneHost routes={RemoteRoutes} />;
}
