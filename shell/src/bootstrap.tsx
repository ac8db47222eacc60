import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { session } from '@stockwise/shared';
import { preloadWhenIdle, registerRemotesFromConfig } from './mf/remotes';
import { App } from './app/App';
import { StartupError } from './app/StartupError';

const root = createRoot(document.getElementById('root') as HTMLElement);

registerRemotesFromConfig().then(
  () => {
    root.render(<App />);
    // A visitor is headed for sign-in or pricing; a signed-in user for the workspace.
    preloadWhenIdle(session.isAuthenticated() ? ['mfe_workspace', 'mfe_settings'] : ['mfe_public', 'mfe_billing']);
  },
  (error: unknown) => {
    console.error('[shell] remotes.json could not be read', error);
    root.render(<StartupError />);
  },
);
