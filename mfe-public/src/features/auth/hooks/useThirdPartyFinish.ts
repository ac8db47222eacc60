import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  AppError,
  auth,
  AUTH_MESSAGES,
  DEFAULT_PATH,
  errorMessage,
  sitePath,
  THIRD_PARTY_PROVIDER,
  type ConnectGoogleReturn,
  type ThirdPartyIntent,
} from '@stockwise/shared';

/** A third-party flow this remote starts: everything but Connect Google, which /profile starts. */
export type SignInIntent = Exclude<ThirdPartyIntent, { kind: 'connect' }>;

/**
 * Where to go once signed in: back to the page that sent the visitor to sign in or register
 * (a purchase, a deep link), else the default path.
 */
export function useReturnPath(): string {
  const from = sitePath((useLocation().state as { from?: unknown } | null)?.from);
  return from && from !== '/' ? from : DEFAULT_PATH;
}

/** The API's answer when no account is connected to the Google account. */
export const ACCOUNT_NOT_FOUND = 'ACCOUNT_NOT_FOUND';

/** Why a third-party sign-in did not go through, as the page that started it shows it. */
export interface ThirdPartyFailure {
  message: string;
  code?: string;
}

/** Router state of the page a flow started on, when the provider's return is handed back to it. */
export interface ThirdPartyReturnState {
  thirdPartyFailure?: ThirdPartyFailure;
  googleIdToken?: string;
}

/** The third-party failure this page was sent back with, if any. */
export function useThirdPartyFailure(): ThirdPartyFailure | undefined {
  return (useLocation().state as ThirdPartyReturnState | null)?.thirdPartyFailure;
}

/** The page a flow started on: where its outcome is shown. */
export function originOf(intent: ThirdPartyIntent): string {
  switch (intent.kind) {
    case 'invitation':
      return `/register?invitationId=${encodeURIComponent(intent.invitationId)}`;
    case 'register':
      return '/register';
    case 'connect':
      return '/profile';
    default:
      return '/login';
  }
}

/** Spec §8's fallback for a third-party failure without a server message. */
export function fallbackFor(intent: ThirdPartyIntent): string {
  return intent.kind === 'invitation'
    ? AUTH_MESSAGES.providerInvitationError(THIRD_PARTY_PROVIDER)
    : AUTH_MESSAGES.providerLoginError(THIRD_PARTY_PROVIDER);
}

export function failureOf(error: unknown, intent: ThirdPartyIntent): ThirdPartyFailure {
  const message = errorMessage(error, fallbackFor(intent));
  return error instanceof AppError && error.code ? { message, code: error.code } : { message };
}

/**
 * What happens once an ID token is in hand: sign in, accept the invitation, go on to register a
 * company with Google, or hand the token to /profile to connect Google there. Failures are
 * thrown for the caller to show where the flow started.
 */
export function useThirdPartyFinish() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  return useCallback(
    async (idToken: string, intent: ThirdPartyIntent) => {
      if (intent.kind === 'register') {
        navigate('/register', { replace: true, state: { googleIdToken: idToken } satisfies ThirdPartyReturnState });
        return;
      }
      if (intent.kind === 'connect') {
        navigate('/profile', { replace: true, state: { connectGoogle: { idToken } } satisfies ConnectGoogleReturn });
        return;
      }
      if (intent.kind === 'invitation') await auth.thirdPartyLoginWithInvitation(idToken, intent.invitationId);
      else await auth.thirdPartyLogin(idToken);
      navigate(returnPath, { replace: true });
    },
    [navigate, returnPath],
  );
}
