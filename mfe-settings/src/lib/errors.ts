import { toAppError } from '@stockwise/shared';

/** What the API said about a failed call: status, code and field (nothing when it said nothing). */
export function apiError(error: unknown) {
  return toAppError(error, '');
}

export type PlanLimitCode = 'PLAN_LIMIT_USERS' | 'PLAN_LIMIT_LOCATIONS';

export function isPlanLimit(error: unknown, code: PlanLimitCode): boolean {
  return apiError(error).code === code;
}
