// The local entries of spec §3. The names are the contract between the shell and the remotes.
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  subscription: 'subscription',
  themeMode: 'theme-mode',
  colorScheme: 'color-scheme',
} as const;

/** Spec §9: where the session layer sends a user after sign-in (the shell redirects it to /dashboard). */
export const DEFAULT_PATH = '/dashboard/default';
