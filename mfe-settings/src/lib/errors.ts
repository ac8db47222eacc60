import { toAppError } from '@stockwise/shared';

/** What the API said about a failed call: status, code and field (nothing when it said nothing). */
export function apiError(error: unknown) {
  return toAppError(error, '');
}

/** A 403 that is about the caller's roles, not a plan limit (those are 403 PLAN_LIMIT_* and have their own notice). */
export function isForbidden(error: unknown): boolean {
  const { status, code } = apiError(error);
  return status === 403 && !code?.startsWith('PLAN_LIMIT');
}

export type PlanLimitCode = 'PLAN_LIMIT_USERS' | 'PLAN_LIMIT_LOCATIONS';

export function isPlanLimit(error: unknown, code: PlanLimitCode): boolean {
  return apiError(error).code === code;
}
