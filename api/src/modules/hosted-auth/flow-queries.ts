import type { Queryable } from '../../db/database.js';

// SQL of the redirect sign-ins' state (auth_flow_states, flows.ts). A directory table: these run
// in the directory's transaction (inPublic), since a flow is found by its state or code before any
// company is known.

export type FlowKind = 'google' | 'link' | 'sso';

export interface FlowState {
  id: string;
  kind: FlowKind;
  redirectTo: string;
  providerVerifier: string;
  nonce: string;
  companyId: string | null;
  providerId: string | null;
  linkUserId: string | null;
}

/** Abandoned flows go with the next one (a flow is one small row). */
export const sweepFlows = (q: Queryable, minutes: number) =>
  q.query(`DELETE FROM auth_flow_states WHERE created_at < now() - make_interval(mins => $1)`, [minutes]);

export async function insertFlow(
  q: Queryable,
  f: {
    kind: FlowKind;
    challenge: string;
    method: string;
    redirectTo: string;
    providerVerifier: string;
    nonce: string;
    companyId: string | null;
    providerId: string | null;
    linkUserId: string | null;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO auth_flow_states (kind, code_challenge, code_challenge_method, redirect_to, provider_verifier, nonce,
                                   company_id, provider_id, link_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [f.kind, f.challenge, f.method, f.redirectTo, f.providerVerifier, f.nonce, f.companyId, f.providerId, f.linkUserId],
  );
  return row!.id;
}

/**
 * The live flow of this state waiting for its provider's answer (its verifier not yet blanked, no
 * user yet, younger than `minutes`), locked until the transaction ends.
 */
export async function waitingFlow(q: Queryable, state: string, minutes: number): Promise<FlowState | null> {
  const [row] = await q.query<FlowState>(
    `SELECT id, kind, redirect_to AS "redirectTo", provider_verifier AS "providerVerifier", nonce,
            company_id AS "companyId", provider_id AS "providerId", link_user_id AS "linkUserId"
       FROM auth_flow_states
      WHERE id = $1 AND provider_verifier <> '' AND user_id IS NULL
        AND created_at > now() - make_interval(mins => $2)
        FOR UPDATE`,
    [state, minutes],
  );
  return row ?? null;
}

/** Blanks the flow's provider verifier: its callback cannot be taken again. */
export const blankVerifier = (q: Queryable, flowId: string) =>
  q.query(`UPDATE auth_flow_states SET provider_verifier = '' WHERE id = $1`, [flowId]);

/** The signed-in user goes behind the code of this hash. */
export const setFlowCode = (q: Queryable, flowId: string, user: { id: string; companyId: string }, codeHash: string) =>
  q.query(
    `UPDATE auth_flow_states SET user_id = $2, user_company_id = $3, auth_code_hash = $4, code_issued_at = now()
      WHERE id = $1`,
    [flowId, user.id, user.companyId, codeHash],
  );

export const deleteFlow = (q: Queryable, flowId: string) =>
  q.query(`DELETE FROM auth_flow_states WHERE id = $1`, [flowId]);

export interface SpentCode {
  userId: string;
  companyId: string;
  kind: FlowKind;
  challenge: string;
  method: string;
  /** Issued less than `minutes` ago. */
  fresh: boolean;
}

/** Deletes the flow holding the code of this hash and answers what it held. */
export async function spendFlowCode(q: Queryable, codeHash: string, minutes: number): Promise<SpentCode | null> {
  const [row] = await q.query<SpentCode>(
    `DELETE FROM auth_flow_states WHERE auth_code_hash = $1
     RETURNING user_id AS "userId", user_company_id AS "companyId", kind, code_challenge AS challenge,
               code_challenge_method AS method, code_issued_at > now() - make_interval(mins => $2) AS fresh`,
    [codeHash, minutes],
  );
  return row ?? null;
}
