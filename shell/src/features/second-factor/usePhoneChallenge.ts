import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sendPhoneCode, type SecondFactor } from './verify';

/**
 * A phone factor's code: sent once when the step opens for it, again on request. Keeps the
 * challenge the latest code that arrived belongs to (the one a typed code is checked against).
 */
export function usePhoneChallenge(factor: SecondFactor | undefined) {
  const [challengeId, setChallengeId] = useState<string>();
  // Every send asked for, the one the step opens with included: a later one that arrives is a new code.
  const [asked, setAsked] = useState(0);
  const send = useMutation({
    mutationFn: (factorId: string) => sendPhoneCode(factorId),
    onMutate: () => setAsked((n) => n + 1),
    onSuccess: setChallengeId,
  });
  const { mutate } = send;
  // Once per factor, StrictMode's second effect included: every send is a text message.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (factor?.kind !== 'phone' || sentFor.current === factor.id) return;
    sentFor.current = factor.id;
    mutate(factor.id);
  }, [factor, mutate]);
  return {
    challengeId,
    sending: send.isPending,
    /** A code asked for after the first attempt (sent or refused) is on its way. */
    resent: asked > 1 && send.isSuccess,
    sendError: send.isError ? send.error : null,
    resend: () => {
      if (factor?.kind === 'phone') mutate(factor.id);
    },
  };
}
