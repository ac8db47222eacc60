import { useCallback } from 'react';
import { AppError, errorMessage } from '@stockwise/shared';
import { useT } from '../i18n';

/** GoTrue's "wait N seconds" (its over_email_send_rate_limit message), or null. */
function secondsToWait(message: string): number | null {
  const match = /after (\d+) seconds?/.exec(message);
  return match ? Number(match[1]) : null;
}

/**
 * A failed sign-in by code or single sign-on in the reader's words: the auth service's error codes
 * it has words for (a wrong or expired code, too many mails or tries, no provider for the domain),
 * else what the service said, else the flow's fallback.
 */
export function useAuthFailure() {
  const { t } = useT();
  return useCallback(
    (error: unknown, fallback: string): string => {
      const code = error instanceof AppError ? error.code : undefined;
      switch (code) {
        case 'otp_expired':
          return t('auth.loginOptions.wrongCode');
        case 'over_email_send_rate_limit': {
          const seconds = secondsToWait((error as AppError).message);
          return seconds === null
            ? t('auth.loginOptions.tooManyTries')
            : t('auth.loginOptions.tooManyMails', { seconds });
        }
        case 'over_request_rate_limit':
          return t('auth.loginOptions.tooManyTries');
        case 'sso_provider_not_found':
        case 'sso_provider_disabled':
          return t('auth.loginOptions.ssoNoProvider');
        default:
          return errorMessage(error, fallback);
      }
    },
    [t],
  );
}
