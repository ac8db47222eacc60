import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ACCESS_QUERY_KEY, STORAGE_KEYS, theme, type MyAccess, type ScreenTable } from '@stockwise/shared';
import '../src/i18n';

/** Builds unsigned JWT-shaped tokens: the browser reads claims, the API verifies signatures. */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
export const tokenFor = (...roles: string[]) => makeToken({ [ROLE_CLAIM]: roles, exp: 4102444800 });

/** jsdom has no matchMedia; MUI's colour scheme and media queries need one. */
export function installMatchMedia(matches = (query: string) => query.includes('min-width:900px')) {
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/**
 * The screen tables of the four remotes, read from their sources as data (the shell never imports
 * a remote; in the page it loads each one's ./screens).
 */
export async function remoteTables(): Promise<ScreenTable[]> {
  const files = [
    '../../mfe-public/src/screens',
    '../../mfe-workspace/src/screens',
    '../../mfe-settings/src/screens',
    '../../mfe-billing/src/screens',
  ];
  // A path in a variable: Jest resolves it from this file at run time; tsc does not follow it.
  return Promise.all(files.map(async (file) => ((await import(file)) as { TABLE: ScreenTable }).TABLE));
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', access, state }: { path?: string; access?: MyAccess; state?: unknown } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // What GET /api/access answered, as the page's query client holds it.
  if (access) client.setQueryData(ACCESS_QUERY_KEY, access);
  const view = render(
    <ThemeProvider
      theme={theme}
      defaultMode="light"
      modeStorageKey={STORAGE_KEYS.themeMode}
      colorSchemeStorageKey={STORAGE_KEYS.colorScheme}
    >
      <CssBaseline />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, client };
}
