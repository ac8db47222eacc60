import { Skeleton } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

// The charts of the report screens and the dashboard (MUI X Charts, docs/decisions.md). Each is
// loaded when a screen first draws one, in a chunk of its own: the screens' figures and tables
// show at once, and no other screen downloads the charts' code. A chart that cannot load or draw
// leaves its place empty: the same numbers are on the screen as text.

function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>, height: number) {
  const Chart = lazy(async () => ({ default: await load() }));
  return function LazyChart(props: P) {
    return (
      <ErrorBoundary fallback={null}>
        <Suspense fallback={<Skeleton variant="rounded" height={(props as { height?: number }).height ?? height} />}>
          <Chart {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}

export const BarsChart = lazyChart(() => import('./BarsChart').then((m) => m.BarsChart), 260);
export const ShareChart = lazyChart(() => import('./ShareChart').then((m) => m.ShareChart), 220);
export const TrendChart = lazyChart(() => import('./TrendChart').then((m) => m.TrendChart), 240);
export type { BarSeries } from './BarsChart';
