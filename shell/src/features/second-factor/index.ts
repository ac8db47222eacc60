export { EnrolmentRequired } from './EnrolmentRequired';
export { SECURITY_PATH } from './paths';
export { useSecondFactorDue } from './useSecondFactorDue';
export type { SecondFactorDue } from './useSecondFactorDue';
