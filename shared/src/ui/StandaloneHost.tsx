import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { StockwiseThemeProvider } from './theme';

const queryClient = createQueryClient();

/**
 * A remote running alone (`pnpm --filter <remote> dev`) for its team: the same routes the
 * shell mounts, inside the shell's theme and query-client settings, so a screen behaves alone
 * as it does in production.
 */
export function StandaloneHost({ routes: Routes }: { routes: ComponentType }) {
  return (
    <StockwiseThemeProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes />
        </BrowserRouter>
      </QueryClientProvider>
    </StockwiseThemeProvider>
  );
}
