/** The embedded stand-in's one client: public (no secret), PKCE required. */
export const LOCAL_CLIENT_ID = 'stockwise-local';
/** The shell's page a browser-run Google sign-in returns to. */
export const CALLBACK_PATH = '/auth/callback';
/** The auth service's callback: where a provider returns a redirect sign-in (GoTrue's /callback). */
export const HOSTED_CALLBACK_PATH = '/auth/v1/callback';
