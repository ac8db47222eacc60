import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { adoptPrerenderedQueries, createQueryClient, StockwiseThemeProvider, useLiveUpdates } from '@stockwise/shared';
import '@/i18n';
import { DevelopmentBanner } from '@/features/environment';
import { useAccessOnNavigation, usePageTitleOnNavigation } from '@/features/navigation';
import { NotificationsProvider } from '@/features/notifications';
import { useProfileSync } from '@/features/session';
import { AppRoutes } from './AppRoutes';
import { SecondFactorGate } from './SecondFactorGate';

const queryClient = createQueryClient();
// A prerendered page (the price list) hydrates with the answers it was rendered with.
adoptPrerenderedQueries(queryClient);

/** Work the shell does for the whole session, whatever page is shown. */
function SessionEffects() {
  useProfileSync();
  useLiveUpdates();
  useAccessOnNavigation();
  usePageTitleOnNavigation();
  return null;
}

export function App() {
  return (
    <StockwiseThemeProvider>
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <DevelopmentBanner />
          <BrowserRouter>
            <SessionEffects />
            <SecondFactorGate>
              <AppRoutes />
            </SecondFactorGate>
          </BrowserRouter>
        </NotificationsProvider>
      </QueryClientProvider>
    </StockwiseThemeProvider>
  );
}
