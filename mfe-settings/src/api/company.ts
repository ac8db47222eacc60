import { resourceKey } from '@stockwise/shared';

/** Every screen that shows the company (this one, the shell's sidebar and top bar) reads under this key. */
export const COMPANY_KEY = resourceKey('company');

/** The signed-in user's company: one hook for every remote (the money formatter reads it too). */
export { useCompany } from '@stockwise/shared';
