import { getAuthClient } from '@stockwise/shared';

/** The API's recovery code as typed: two groups of five letters or digits, the dash optional. */
export const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/** The user has no verified factor to check a code against. */
export class NoFactorError extends Error {
  constructor() {
    super('No verified second factor');
    this.name = 'NoFactorError';
  }
}

/** The verified factor the step proves: an authenticator app, or a phone that is sent a code. */
export type SecondFactor = { id: string; kind: 'totp' } | { id: string; kind: 'phone'; phone: string };

/**
 * The user's verified factor, an authenticator app first (it needs nothing sent). A user whose
 * only verified factor is a phone is sent a code to it (sendPhoneCode).
 */
export async function findSecondFactor(): Promise<SecondFactor> {
  const auth = await getAuthClient();
  await sessionHeld(auth);
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  const app = data.totp.find((f) => f.status === 'verified');
  if (app) return { id: app.id, kind: 'totp' };
  const phone = data.phone.find((f) => f.status === 'verified');
  // GoTrue's factor carries its number; supabase-js's type does not name it.
  if (phone) return { id: phone.id, kind: 'phone', phone: (phone as { phone?: string }).phone ?? '' };
  throw new NoFactorError();
}

type Auth = Awaited<ReturnType<typeof getAuthClient>>;

/** How long a sign-in may take to hand its session to supabase-js before the step gives up. */
const SESSION_WAIT_MS = 20_000;

/**
 * A sign-in stores its token before supabase-js holds the session (shared flows.ts), and the API's
 * refusal of that token (MFA_REQUIRED) can open the step in between: its questions to the auth
 * service wait for the session, or they would fail as if the user had none.
 */
function sessionHeld(auth: Auth): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Outside the listener: supabase-js runs its listeners under its lock.
      setTimeout(() => subscription.unsubscribe(), 0);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error('The sign-in did not reach the auth client')), SESSION_WAIT_MS);
    // A new listener is told the current session first (INITIAL_SESSION), then every change.
    const {
      data: { subscription },
    } = auth.onAuthStateChange((_event, held) => {
      if (held) finish();
    });
  });
}

/**
 * Sends a code to the phone factor (a challenge: the auth service texts it — in development it
 * lands in the mail outbox stand-in). Answers the challenge the code belongs to; a new one
 * replaces it, and the service says how long to wait before another.
 */
export async function sendPhoneCode(factorId: string): Promise<string> {
  const auth = await getAuthClient();
  const { data, error } = await auth.mfa.challenge({ factorId, channel: 'sms' });
  if (error) throw error;
  return data.id;
}

/**
 * Proves the session's second factor with its code, or a recovery code (the auth service takes
 * either as the code of a verified factor). An app's code gets its own challenge; a phone's code
 * answers the challenge that sent it. supabase-js then holds an aal2 session and announces
 * MFA_CHALLENGE_VERIFIED, which brings the new token to the store.
 */
export async function verifySecondFactor(factor: SecondFactor, code: string, challengeId?: string): Promise<void> {
  const auth = await getAuthClient();
  if (factor.kind === 'phone') {
    if (!challengeId) throw new NoChallengeError();
    const { error } = await auth.mfa.verify({ factorId: factor.id, challengeId, code });
    if (error) throw error;
    return;
  }
  const { error } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw error;
}

/** A phone's code was typed before one was sent (the send failed). */
export class NoChallengeError extends Error {
  constructor() {
    super('No code was sent yet');
    this.name = 'NoChallengeError';
  }
}

/** GoTrue's error code of a failed auth call, if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/** The seconds GoTrue says to wait before another code ("…only request this after N seconds"). */
export function secondsToWait(error: unknown): number | null {
  const message = error instanceof Error ? error.message : '';
  const match = /after (\d+) seconds?/.exec(message);
  return match ? Number(match[1]) : null;
}
