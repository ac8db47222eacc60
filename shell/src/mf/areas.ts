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
    paths: ['/', '/login', '/register', '/forgot-password', '/reset-password', '/privacy-policy', '/documentation'],
    guard: 'public-only',
    chrome: 'public',
  },
  {
    remote: 'mfe_public',
    paths: [
      // Where the identity provider sends the browser back (code + PKCE). A visitor comes back
      // from signing in; a signed-in user from connecting Google on /profile, where that flow
      // finishes. The page itself sends each on (a visitor's sign-in to the workspace).
      '/auth/callback',
      // The mailed verification link: a new account's (signed out) and a changed email's (the
      // user is usually signed in). The link's token is the proof; the session is not needed.
      '/verify-email',
    ],
    guard: 'any',
    chrome: 'public',
  },
  { remote: 'mfe_public', paths: ['/contact-us'], guard: 'any', chrome: 'session' },
  { remote: 'mfe_public', paths: ['/contact'], guard: 'auth', chrome: 'app' },
  // /pricing is listed both as public-only and among the signed-in user's pages; the second wins:
  // an owner weighing an upgrade reads the plans without being sent back to the dashboard.
  {
    remote: 'mfe_billing',
    paths: ['/pricing', '/premium-purchase', '/test-subscription-limit'],
    guard: 'any',
    chrome: 'session',
  },
  {
    remote: 'mfe_workspace',
    paths: ['/dashboard', '/my-tasks', '/profile/*', '/actions/*', '/item-status/*', '/reporting/*', '/customers/*'],
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
