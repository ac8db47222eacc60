import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { session, startHostedSession } from '@stockwise/shared';
import { loadRoutesForHydration, preloadWhenIdle, registerRemotesFromConfig, type RemoteName } from './mf/remotes';
import { provideLoadedRoutes } from './features/remotes';
import { App } from './app/App';
import { StartupError } from './app/StartupError';
import { isPrerendered, reportRecoverableError } from './app/prerendered';
import { registerServiceWorker } from './service-worker/register';
import { hydrateHandingOver } from './app/hand-over';

const container = document.getElementById('root') as HTMLElement;

// The session's owner (supabase-js) starts with the page: it reads the stored session, refreshes it
// when due and keeps the session store current, whatever page is shown.
startHostedSession();

// The offline worker: after this visit the shell and the screens opened load without the network.
registerServiceWorker();

/**
 * A public page prerendered by its remote (issue 14) is already on screen: React adopts that
 * markup instead of drawing the page again — once the page's code is here, so that nothing is
 * left suspended while the first updates arrive.
 */
async function hydratePrerendered(remote: RemoteName) {
  try {
    provideLoadedRoutes(remote, await loadRoutesForHydration(remote, window.location.pathname));
  } catch (error) {
    // The remote is down: hydration meets the same failure and shows the remote's fallback.
    console.warn("[shell] the prerendered page's remote could not be loaded", error);
  }
  // A marketing page booted on intent: what the visitor typed and pressed before is handed over.
  hydrateHandingOver(container, <App />, { onRecoverableError: reportRecoverableError });
}

registerRemotesFromConfig().then(
  async () => {
    if (isPrerendered(container)) await hydratePrerendered(container.dataset.prerendered as RemoteName);
    else createRoot(container).render(<App />);
    // A visitor is headed for sign-in or pricing; a signed-in user for the workspace.
    preloadWhenIdle(session.isAuthenticated() ? ['mfe_workspace', 'mfe_settings'] : ['mfe_public', 'mfe_billing']);
  },
  (error: unknown) => {
    console.error('[shell] remotes.json could not be read', error);
    createRoot(container).render(<StartupError />);
  },
);
