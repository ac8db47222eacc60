// Where the page's supabase-js keeps the hosted session behind a sign-in, for the tools that put a
// signed-in user into a browser without the sign-in page (the browser suite's signInWithToken, the
// benches' signed-in pages). Without it the shell takes the token as signed out and leaves the page.

/**
 * The localStorage entry, as [key, value]: the key is the first label of the auth service's host
 * name plus '-auth-token' (supabase-js's own naming), the value the session with the user the auth
 * service answers for its token (GET /auth/v1/user).
 * @param {string} authUrl  the auth service's URL (GET /api/environment's `auth.url`)
 * @param {object} session  the session a sign-in answered beside its token
 * @param {object} user     the auth service's user for that token
 * @returns {[string, string]}
 */
export function hostedSessionEntry(authUrl, session, user) {
  return [`${new URL(authUrl).hostname.split('.')[0]}-auth-token`, JSON.stringify({ ...session, user })];
}
