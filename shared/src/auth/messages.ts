// The user-facing messages of spec §§5 and 8, word for word. They are part of the contract
// (tests and support documents quote them), so they live here rather than in translations.

/** The third-party identity provider's name, as it appears in the messages below. */
export const THIRD_PARTY_PROVIDER = 'Google';
/** Spec §3: the cached user after a third-party sign-in, when the answer names nobody. */
export const THIRD_PARTY_FALLBACK_USER_NAME = 'Google User';

export const AUTH_MESSAGES = {
  loginFailed: 'Login failed. Please check your credentials.',
  loginError: 'An error occurred during login. Please try again.',
  providerLoginFailed: (provider: string) => `${provider} login failed. Please try again.`,
  providerInvitationFailed: (provider: string) => `${provider} login with invitation failed. Please try again.`,
  providerLoginError: (provider: string) => `An error occurred during ${provider} login. Please try again.`,
  providerInvitationError: (provider: string) =>
    `An error occurred during ${provider} login with invitation. Please try again.`,
  invitationValidationFailed: 'Failed to validate invitation',
  profileFetchFailed: 'Error retrieving user information',
  profileUpdateFailed: 'Error updating user information',
  // Spec §8: the three password-reset fallbacks are Turkish in the product, whatever the
  // interface language (the server's own message is shown when it sends one).
  forgotPasswordFailed: 'Şifre sıfırlama isteği gönderilirken bir hata oluştu. Lütfen tekrar deneyin.',
  resetLinkInvalid: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.',
  resetPasswordFailed: 'Şifre sıfırlanırken bir hata oluştu. Lütfen tekrar deneyin.',
  uploadNoPublicUrl: 'Could not get public URL for uploaded file',
} as const;
