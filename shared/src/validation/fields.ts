// The rules of the fields several forms share, once, so two forms never disagree on what a user
// name or a password may be. Plain patterns and limits, not zod schemas: @stockwise/shared is on
// the landing page, zod is not. A form writes, e.g.
//   userName: z.string().trim().regex(USER_NAME_PATTERN, t('common:validation.userName'))
// and its messages come from the 'common' namespace.

/**
 * A user name: 3–100 letters, digits or . _ + -. Never `@`: sign-in takes a user name or an email,
 * so a user name containing `@` could shadow someone's email.
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._+-]{3,100}$/;

/** An email address as the API accepts it (one @, a dot in the domain, no spaces), at most 254 characters. */
export const EMAIL_PATTERN = /^(?=.{3,254}$)[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An authenticator app's code (TOTP, RFC 6238): six digits, as the enrolment and the sign-in step ask for it. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** A new password's length: at least 8 characters (the API refuses more than 128). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const isUserName = (value: string): boolean => USER_NAME_PATTERN.test(value.trim());
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
export const isPasswordLongEnough = (value: string): boolean =>
  value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH;
