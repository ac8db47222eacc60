import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AppError } from '../api/errors';
import { resourceKey } from '../api/query-keys';
import { googleNonce, loadAuthProviders } from '../auth/flows';
import { AUTH_MESSAGES, THIRD_PARTY_PROVIDER } from '../auth/messages';
import { loadGoogleIdentity } from '../auth/third-party/google-identity';

/**
 * GET /api/auth/providers, asked once per page: Google's client id, the embedded provider (a
 * development stand-in), or neither (third-party sign-in is off and no button shows).
 */
export function useAuthProviders() {
  return useQuery({
    queryKey: resourceKey('auth', 'providers'),
    queryFn: loadAuthProviders,
    staleTime: Infinity,
    retry: 1,
    retryDelay: 500,
  });
}

/**
 * Google's own button (Google Identity Services), for an API configured with a Google client id.
 * Each attempt gets a fresh one-time nonce from the API, so a refused ID token is never retried.
 */
export function GoogleIdentityButton({
  clientId,
  onCredential,
  onError,
  text = 'continue_with',
}: {
  clientId: string;
  /** Receives the ID token; a rejection goes to onError. */
  onCredential: (idToken: string) => Promise<void>;
  onError: (error: unknown) => void;
  text?: 'continue_with' | 'signin_with' | 'signup_with';
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  }, [onCredential, onError]);

  useEffect(() => {
    let cancelled = false;
    const retry = () => {
      if (!cancelled) setAttempt((n) => n + 1);
    };
    Promise.all([loadGoogleIdentity(), googleNonce()])
      .then(([google, nonce]) => {
        if (cancelled || !ref.current) return;
        google.initialize({
          client_id: clientId,
          nonce,
          callback: ({ credential }) => {
            if (!credential) {
              handlers.current.onError(new AppError(AUTH_MESSAGES.providerLoginFailed(THIRD_PARTY_PROVIDER)));
              retry();
              return;
            }
            handlers.current
              .onCredential(credential)
              .catch((error: unknown) => handlers.current.onError(error))
              .finally(retry);
          },
        });
        google.renderButton(ref.current, { theme: 'outline', size: 'large', width: 320, text });
      })
      .catch((error: unknown) => {
        if (!cancelled) handlers.current.onError(error);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, text, attempt]);

  return <Box ref={ref} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />;
}
