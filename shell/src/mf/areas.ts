import type { RemoteName } from './remotes';

/**
 * Which remote owns which paths, and who may see them (spec §2). A remote renders a
 * <Routes> relative to the site root for everything under its prefixes, so a team adds a
 * screen under its prefix without a shell release.
 *
 * guard: 'public-only' sends a signed-in visitor to /dashboard; 'auth' sends a visitor to
 * /login; 'any' lets both in. chrome: 'app' always shows the top bar and drawer, 'public'
 * never does, 'session' shows them to a signed-in user only.
 */
export interface Area {
  remote: RemoteName;
  /** Exact paths, or prefixes ending in `/*`. */
  paths: string[];
  guard: 'public-only' | 'auth' | 'any';
  chrome: 'app' | 'public' | 'session';
}

export const AREAS: Area[] = [
  {
    remote: 'mfe_public',
    paths: [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/privacy-policy',
      '/documentation',
      // Where the identity provider sends the browser back (code + PKCE); public-only, so a
      // completed sign-in moves on to the workspace by the same rule as the other pages.
      '/auth/callback',
    ],
    guard: 'public-only',
    chrome: 'public',
  },
  { remote: 'mfe_public', paths: ['/contact-us'], guard: 'any', chrome: 'session' },
  { remote: 'mfe_public', paths: ['/contact'], guard: 'auth', chrome: 'app' },
  { remote: 'mfe_billing', paths: ['/pricing'], guard: 'public-only', chrome: 'public' },
  { remote: 'mfe_billing', paths: ['/premium-purchase', '/test-subscription-limit'], guard: 'any', chrome: 'session' },
  {
    remote: 'mfe_workspace',
    paths: ['/dashboard', '/my-tasks', '/profile', '/actions/*', '/item-status/*', '/reporting/*', '/customers/*'],
    guard: 'auth',
    chrome: 'app',
  },
  { remote: 'mfe_settings', paths: ['/settings/*'], guard: 'auth', chrome: 'app' },
];

function matches(pattern: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  return path === pattern;
}

export function areaFor(pathname: string): Area | undefined {
  return AREAS.find((area) => area.paths.some((pattern) => matches(pattern, pathname)));
}
