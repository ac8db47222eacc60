import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadEnvironment } from '../api/environment';

// The page's one supabase-js client for the auth service (/auth/v1), whose `auth` the screens use
// for what GoTrue does: password change, MFA factors, linked identities.
// Minimal version: the auth service sits on this origin (the gateway sends /auth/v1 to the API),
// and its publishable key is the one GET /api/environment names, read on the first call.

let client: SupabaseClient | null = null;
let key: Promise<string> | null = null;

const publishableKey = () => (key ??= loadEnvironment().then((environment) => environment.auth.key));

export function getAuthClient(): SupabaseClient['auth'] {
  client ??= createClient(window.location.origin, 'publishable-key-from-environment', {
    global: {
      // The key is known only once the environment has answered: every call waits for it.
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('apikey', await publishableKey());
        return fetch(input, { ...init, headers });
      },
    },
  });
  return client.auth;
}
