/**
 * The one rule for user names, in every form that sets one (registration, invitation, profile):
 * 3–100 letters, digits or . _ + -. Never an `@`, so a user name can never shadow someone's
 * email where either signs in (the API enforces the same rule).
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._+-]{3,100}$/;

export function isValidUserName(value: string): boolean {
  return USER_NAME_PATTERN.test(value);
}
