import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';
import { goTrue } from './errors.js';
import {
  blankVerifier,
  deleteFlow,
  insertFlow,
  setFlowCode,
  spendFlowCode,
  sweepFlows,
  waitingFlow,
  type FlowKind,
  type FlowState,
} from './flow-queries.js';

// A redirect sign-in's state (GoTrue's flow_state, supabase/auth internal/models/flow_state.go and
// api/pkce.go): started with the client's PKCE challenge and a checked redirect_to, carried through
// the provider as `state`, then holding the signed-in user behind a one-time code that only the
// client's verifier redeems (POST /token?grant_type=pkce).

/** From start to the provider's answer: GoTrue's flow-state expiry (300 s) plus time to type a password. */
const FLOW_MINUTES = 10;
/** From the code handed to redirect_to to its exchange: the client exchanges it on arrival. */
const CODE_MINUTES = 5;
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export type { FlowKind, FlowState } from './flow-queries.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Where a sign-in may return: redirect_to when its origin is on the allow-list (PUBLIC_URL,
 * CORS_ORIGINS or AUTH_REDIRECT_ALLOW_LIST), else the site itself — GoTrue's fallback to SITE_URL,
 * so a crafted link never carries a code to somebody else's page.
 */
export function allowedRedirect(config: Config, raw: string | undefined | null): string {
  if (raw) {
    try {
      const url = new URL(raw);
      if (config.authRedirectOrigins.includes(url.origin) && !url.username && !url.password) return url.href;
    } catch {
      // not a URL: the site
    }
  }
  return `${config.publicUrl}/`;
}

/**
 * The client's PKCE pair, required: a code in a URL is only safe when redeeming it needs the
 * verifier the client kept (supabase-js's flowType 'pkce'; the implicit flow would put the tokens
 * themselves in the URL). GoTrue's rules for the challenge (RFC 7636 §4.2).
 */
export function pkcePair(challenge: unknown, method: unknown): { challenge: string; method: 's256' | 'plain' } {
  const c = typeof challenge === 'string' ? challenge : '';
  const m = typeof method === 'string' ? method.toLowerCase() : '';
  if (c === '' || m === '')
    throw goTrue(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (m !== 's256' && m !== 'plain') throw goTrue(400, 'validation_failed', 'Invalid code_challenge_method');
  if (!CHALLENGE.test(c))
    throw goTrue(
      400,
      'validation_failed',
      'code challenge has to be between 43 and 128 characters of letters, digits, hyphens, periods, underscores and tildes',
    );
  return { challenge: c, method: m };
}

export async function createFlow(
  db: Database,
  flow: {
    kind: FlowKind;
    pkce: { challenge: string; method: string };
    redirectTo: string;
    companyId?: string;
    providerId?: string;
    linkUserId?: string;
  },
): Promise<FlowState> {
  const providerVerifier = randomBytes(32).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const id = await inPublic(db, async (q) => {
    await sweepFlows(q, FLOW_MINUTES);
    return insertFlow(q, {
      kind: flow.kind,
      challenge: flow.pkce.challenge,
      method: flow.pkce.method,
      redirectTo: flow.redirectTo,
      providerVerifier,
      nonce,
      companyId: flow.companyId ?? null,
      providerId: flow.providerId ?? null,
      linkUserId: flow.linkUserId ?? null,
    });
  });
  return {
    id,
    kind: flow.kind,
    redirectTo: flow.redirectTo,
    providerVerifier,
    nonce,
    companyId: flow.companyId ?? null,
    providerId: flow.providerId ?? null,
    linkUserId: flow.linkUserId ?? null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Claims a live flow for its callback, once: the provider's verifier is blanked in the same
 * statement, so a replayed callback (the same state again) finds nothing.
 */
export async function claimFlow(db: Database, state: string): Promise<FlowState | null> {
  if (!UUID.test(state)) return null;
  return inPublic(db, async (q) => {
    const row = await waitingFlow(q, state, FLOW_MINUTES);
    if (!row) return null;
    await blankVerifier(q, state);
    return row;
  });
}

/** The signed-in user goes behind a new one-time code; the code itself is only ever in redirect_to. */
export async function issueCode(db: Database, flowId: string, user: { id: string; companyId: string }) {
  const code = randomBytes(32).toString('base64url');
  await inPublic(db, (q) => setFlowCode(q, flowId, user, sha256(code)));
  return code;
}

export const dropFlow = (db: Database, flowId: string) => inPublic(db, (q) => deleteFlow(q, flowId));

/** RFC 7636 §4.6: the verifier's S256 (or plain) transform equals the stored challenge. */
function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  const derived = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(derived);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Redeems a code for the user it holds. The code is spent by the first attempt, right or wrong,
 * so it can neither be replayed nor guessed against with verifiers; then its age and the verifier
 * are checked (GoTrue's errors: flow_state_not_found, flow_state_expired, bad_code_verifier).
 */
export async function redeemCode(
  db: Database,
  code: string,
  verifier: string,
): Promise<{ userId: string; companyId: string; kind: FlowKind }> {
  const row = await inPublic(db, (q) => spendFlowCode(q, sha256(code), CODE_MINUTES));
  if (!row?.userId) throw goTrue(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (!row.fresh) throw goTrue(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  if (!verifierMatches(verifier, row.challenge, row.method))
    throw goTrue(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  return { userId: row.userId, companyId: row.companyId, kind: row.kind };
}

/** redirect_to with the outcome in its query: `code`, or GoTrue's error, error_code and error_description. */
export function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}
