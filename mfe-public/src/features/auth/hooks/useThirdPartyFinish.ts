import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppError, auth, DEFAULT_PATH } from '@stockwise/shared';
import type { SignInIntent } from '../third-party/oidc';

/**
 * Where to go once signed in: back to the page that sent the visitor to sign in or register
 * (a purchase, a deep link), else the default path.
 */
export function useReturnPath(): string {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return from && from !== '/' ? from : DEFAULT_PATH;
}

/** The API's answer when the Google account has no Stockwise account yet. */
export const ACCOUNT_NOT_FOUND = 'ACCOUNT_NOT_FOUND';

/**
 * What happens once an ID token is in hand: sign in, accept the invitation, or go on to
 * register a company with Google. An unknown account is offered company registration.
 */
export function useThirdPartyFinish() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  return useCallback(
    async (idToken: string, intent: SignInIntent) => {
      if (intent.kind === 'register') {
        navigate('/register', { replace: true, state: { googleIdToken: idToken } });
        return;
      }
      try {
        if (intent.kind === 'invitation') await auth.thirdPartyLoginWithInvitation(idToken, intent.invitationId);
        else await auth.thirdPartyLogin(idToken);
        navigate(returnPath, { replace: true });
      } catch (error) {
        if (
          error instanceof AppError &&
          (error.code === ACCOUNT_NOT_FOUND || error.status === 404) &&
          intent.kind === 'login'
        ) {
          navigate('/register', { replace: true, state: { googleIdToken: idToken, notFound: error.message } });
          return;
        }
        throw error;
      }
    },
    [navigate, returnPath],
  );
}
