/** An answer the client caused. Shape on the wire: {statusCode, error, message, code?, field?}. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
    /** More of what the client needs to act on it (e.g. the login answer's verificationToken, spec §3). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string, code = 'BAD_REQUEST') =>
  new ApiError(400, message, code, field);
export const unauthorized = (message = 'Authentication required.', code = 'UNAUTHORIZED') =>
  new ApiError(401, message, code);
/** A deactivated user's sign-in, or a token they held from before (spec: their sessions stop working). */
export const deactivated = () =>
  new ApiError(401, 'This account has been deactivated. Ask your company administrator.', 'USER_DEACTIVATED');
/** A token of a session that has ended (signed out, password changed or reset, replayed refresh token). */
export const sessionEnded = () => new ApiError(401, 'Your session has ended. Please sign in again.', 'SESSION_ENDED');
/**
 * A session that has not verified the second factor its user has (aal1): until it does, only what
 * completing it needs answers (the auth service at /auth/v1, the profile). The client shows the
 * verification step on this code.
 */
export const mfaRequired = () =>
  new ApiError(403, 'Enter the code from your authenticator app to continue.', 'MFA_REQUIRED');
/** An Owner or Admin of a company that requires a second factor, who has none yet. */
export const mfaEnrollmentRequired = () =>
  new ApiError(
    403,
    'Your company requires two-step verification for Owners and Admins. Set it up to continue.',
    'MFA_ENROLLMENT_REQUIRED',
  );
export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new ApiError(404, message, 'NOT_FOUND');
export const conflict = (message: string, field?: string) => new ApiError(409, message, 'CONFLICT', field);
export const tooManyRequests = (message: string) => new ApiError(429, message, 'TOO_MANY_REQUESTS');
export const serviceUnavailable = (message: string, code: string) => new ApiError(503, message, code);
