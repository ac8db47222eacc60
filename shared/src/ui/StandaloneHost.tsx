import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';

const theme = createTheme({ shape: { borderRadius: 12 }, typography: { fontFamily: 'Roboto, system-ui, sans-serif' } });
const queryClient = new QueryClient();

/**
 * A remote running alone (`pnpm --filter <remote> dev`) for its team: the same routes the
 * shell mounts, inside just enough of a host to work against the API.
 */
export function StandaloneHost({ routes: Routes }: { routes: ComponentType }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes />
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
