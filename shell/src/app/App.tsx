import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { BrowserRouter } from 'react-router-dom';
import { STORAGE_KEYS } from '@stockwise/shared';
import { AppRoutes } from './AppRoutes';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App() {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="light"
      modeStorageKey={STORAGE_KEYS.themeMode}
      colorSchemeStorageKey={STORAGE_KEYS.colorScheme}
    >
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {/* Spec §§8-9: at most 3 notifications, top centre, 3000 ms each. */}
        <SnackbarProvider maxSnack={3} autoHideDuration={3000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
