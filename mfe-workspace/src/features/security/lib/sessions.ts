import { call, resourceKey, type ApiResponse } from '@stockwise/shared';

/** The signed-in user's own sessions (GET /api/auth/sessions), one per device. */
export const SESSIONS_KEY = resourceKey('auth', 'sessions');

export type SessionRow = ApiResponse<'listSessions'>['items'][number];

export const listSessions = async () => (await call('GET', '/api/auth/sessions')).items;
export const endSession = (id: string) => call('DELETE', '/api/auth/sessions/{id}', { params: { id } });
export const endOtherSessions = async () => (await call('POST', '/api/auth/sessions/end-others')).ended;
