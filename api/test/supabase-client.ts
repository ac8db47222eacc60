import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

/**
 * A supabase-js client as a script or app would make one against the auth service: the session
 * in memory (with persistSession off supabase-js ignores any storage given), no refresh timer, no
 * URL to read. Node 20 has no WebSocket, so its realtime part gets `ws`. `headers` go with every
 * call (a client address through the trusted proxy, a user agent).
 */
export function scriptClient(base: string, key: string, headers?: Record<string, string>): SupabaseClient {
  return createClient(base, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(headers ? { global: { headers } } : {}),
    realtime: { transport: ws as never },
  });
}
