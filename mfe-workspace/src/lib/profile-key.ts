import { resourceKey } from '@stockwise/shared';

/**
 * The signed-in user's own record (GET /api/auth/getuser), kept under the users resource: a save
 * that refreshes the users (roles changed in settings) refreshes the profile too, and a profile
 * save refreshes the users list.
 */
export const PROFILE_KEY = resourceKey('users', 'me');
