import { call } from '../api/call';
import { toAppError } from '../api/errors';
import { events } from '../events/bus';
import { AUTH_MESSAGES } from './messages';
import { session } from './session-store';
import type { UserInfo } from './types';

// The signed-in user's profile as the API has it, cached in the user entry (spec §§3-4). Its own
// module: the session's events (session-sync.ts) re-read it too, below the sign-in flows.

export async function getUser(): Promise<UserInfo> {
  try {
    return await call('GET', '/api/auth/getuser');
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.profileFetchFailed);
  }
}

/**
 * Spec §4's profile sync: skipped when signed out; on success the cached user is refreshed,
 * on failure the cached user stays. Either way a profile-updated event goes out.
 */
export async function syncProfile(): Promise<'skipped' | 'synced' | 'cached'> {
  if (!session.isAuthenticated()) return 'skipped';
  try {
    const user = await getUser();
    if (!session.isAuthenticated()) return 'skipped';
    session.setUser({ ...session.get().user, ...user });
    events.emit('profile-updated');
    return 'synced';
  } catch {
    events.emit('profile-updated');
    return 'cached';
  }
}
