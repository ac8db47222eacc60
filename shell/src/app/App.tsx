import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { STORAGE_KEYS } from '@stockwise/shared';
import '../i18n';
import { DevelopmentBanner } from '../features/environment';
import { NotificationsProvider } from '../features/notifications';
import { useProfileSync } from '../features/session';
import { AppRoutes } from './AppRoutes';
import { theme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

const queryClient = createQueryClient();

/** Work the shell does for the whole session, whatever page is shown. */
function SessionEffects() {
  useProfileSync();
  return null;
}

export function App() {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="light"
      modeStorageKey={STORAGE_KEYS.themeMode}
      colorSchemeStorageKey={STORAGE_KEYS.colorScheme}
    >
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <DevelopmentBanner />
          <BrowserRouter>
            <SessionEffects />
            <AppRoutes />
          </BrowserRouter>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
