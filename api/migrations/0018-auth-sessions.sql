-- auth: sessions (one per signed-in device) and their rotating refresh tokens
-- A session is what an access token names (its session_id claim): every request reads it beside
-- the caller's user row (stockwise_enter below), so ending it refuses its tokens at once, on every
-- replica. Tenant rows under row-level security like users: they are read from a verified token,
-- which names the company.
CREATE TABLE auth_sessions (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last refresh-token use (NULL: never refreshed since sign-in).
  refreshed_at timestamptz,
  user_agent text CHECK (length(user_agent) <= 512),
  ip text CHECK (length(ip) <= 64),
  aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  -- How the person signed in (GoTrue's amr method): password or oauth (Google).
  amr text NOT NULL CHECK (amr IN ('password', 'oauth')),
  -- Set for a session that cannot be refreshed (the spec's /api/auth sign-in): it is over then.
  not_after timestamptz,
  ended_at timestamptz,
  ended_reason text CHECK (ended_reason IN ('sign-out', 'password-change', 'password-reset', 'deactivated',
    'role-removed', 'refresh-token-reuse')),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE
);
CREATE INDEX auth_sessions_live_by_user ON auth_sessions (company_id, user_id) WHERE ended_at IS NULL;
SELECT stockwise_tenant_table('auth_sessions');

-- Refresh tokens: identifiers only, like the directories — a refresh names no company until its
-- token is found. Stored as a SHA-256 hash; the token itself is an HMAC of the row id under the
-- server's key, so the API can hand the active token out again (GoTrue's parent exception)
-- without keeping it. parent_id: the token this one replaced (rotation); revoked_at: when it was
-- used (or its session ended).
CREATE TABLE auth_refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  company_id uuid NOT NULL,
  session_id uuid NOT NULL,
  parent_id uuid REFERENCES auth_refresh_tokens(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  FOREIGN KEY (company_id, session_id) REFERENCES auth_sessions(company_id, id) ON DELETE CASCADE
);
CREATE INDEX auth_refresh_tokens_active ON auth_refresh_tokens (session_id) WHERE revoked_at IS NULL;
CREATE INDEX auth_refresh_tokens_parent ON auth_refresh_tokens (parent_id);
GRANT SELECT, INSERT, UPDATE, DELETE ON auth_refresh_tokens TO stockwise_app;

-- A request's entry (0008, 0011) also says whether the token's session is still live, in the same
-- round trip: a signed-out device is refused on the next request.
DROP FUNCTION stockwise_enter(uuid, uuid);
CREATE FUNCTION stockwise_enter(company uuid, caller uuid, session uuid)
RETURNS TABLE (user_exists boolean, active boolean, session_live boolean, roles text[], claims text[])
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('role', 'stockwise_app', true), set_config('app.company_id', company::text, true);
  RETURN QUERY
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = caller),
           EXISTS (SELECT 1 FROM users u WHERE u.id = caller AND u.deactivated_at IS NULL),
           EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = session AND s.user_id = caller
                     AND s.ended_at IS NULL AND (s.not_after IS NULL OR s.not_after > now())),
           (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = caller),
           (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
              JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
             WHERE ur.user_id = caller);
END
$fn$;
