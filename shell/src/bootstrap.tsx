import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { session } from '@stockwise/shared';
import { preloadWhenIdle, registerRemotesFromConfig } from './mf/remotes';
import { App } from './app/App';
import { StartupError } from './app/StartupError';
import { isPrerendered, reportRecoverableError } from './app/prerendered';

const container = document.getElementById('root') as HTMLElement;

registerRemotesFromConfig().then(
  () => {
    // A public page prerendered by its remote (issue 14) is already on screen: React adopts that
    // markup instead of drawing the page again.
    if (isPrerendered(container)) hydrateRoot(container, <App />, { onRecoverableError: reportRecoverableError });
    else createRoot(container).render(<App />);
    // A visitor is headed for sign-in or pricing; a signed-in user for the workspace.
    preloadWhenIdle(session.isAuthenticated() ? ['mfe_workspace', 'mfe_settings'] : ['mfe_public', 'mfe_billing']);
  },
  (error: unknown) => {
    console.error('[shell] remotes.json could not be read', error);
    createRoot(container).render(<StartupError />);
  },
);
