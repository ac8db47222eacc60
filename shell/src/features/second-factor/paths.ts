/** Profile → Security, where a second factor is set up. */
export const SECURITY_PATH = '/profile/security';
