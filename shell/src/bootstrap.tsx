import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
import { captureTypedInput, type HydratingRoot } from './app/hand-over';

const container = document.getElementById('root') as HTMLElement;

// The session's owner (supabase-js) starts with the page: it reads the stored session, refreshes it
// when due and keeps the session store current, whatever page is shown.
startHostedSession();

// The offline worker: after this visit the shell and the screens opened load without the network.
registerServiceWorker();

/** Renders nothing; its effect runs once React committed the hydrated page. */
function AfterHydration({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

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
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page is on screen already, nothing waits on it.
  // A marketing page booted on intent: what the visitor typed before is given back afterwards.
  const handOver = captureTypedInput(container);
  let root: HydratingRoot | undefined;
  const afterHydration = () => {
    if (root) handOver(root);
  };
  startTransition(() => {
    root = hydrateRoot(
      container,
      <>
        <App />
        <AfterHydration run={afterHydration} />
      </>,
      { onRecoverableError: reportRecoverableError },
    );
  });
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
