-- auth: multi-factor sign-in — GoTrue's factors (TOTP, phone) and challenges, one-time recovery
-- codes, the session's second factor, and a company's requirement for its Owners and Admins.
-- Tenant rows under row-level security like users: they are read from a verified token.

-- A factor of a user. secret: the TOTP key, sealed (AES-256-GCM under a key derived from the
-- session signing key, the factor id as associated data): never answered after enrolment.
-- last_used_step: the RFC 6238 time step of the last accepted code, so a code works once.
CREATE TABLE auth_factors (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  factor_type text NOT NULL CHECK (factor_type IN ('totp', 'phone')),
  friendly_name text NOT NULL DEFAULT '' CHECK (length(friendly_name) <= 256),
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
  secret text CHECK (length(secret) <= 512),
  phone text CHECK (phone ~ '^[1-9][0-9]{1,14}$'),
  last_used_step bigint,
  last_challenged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE,
  CHECK ((factor_type = 'totp') = (secret IS NOT NULL)),
  CHECK ((factor_type = 'phone') = (phone IS NOT NULL)),
  -- GoTrue's rule: a user's factors have distinct friendly names (the empty name included).
  UNIQUE (company_id, user_id, friendly_name)
);
SELECT stockwise_tenant_table('auth_factors');

-- A challenge of a factor: answered once, from the address that asked, within its lifetime.
-- code_hash: a phone challenge's code (HMAC under the server's key); TOTP challenges have none.
CREATE TABLE auth_mfa_challenges (
  company_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  factor_id uuid NOT NULL,
  ip text NOT NULL CHECK (length(ip) <= 64),
  code_hash text CHECK (length(code_hash) <= 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, factor_id) REFERENCES auth_factors(company_id, id) ON DELETE CASCADE
);
CREATE INDEX auth_mfa_challenges_by_factor ON auth_mfa_challenges (company_id, factor_id);
SELECT stockwise_tenant_table('auth_mfa_challenges');

-- One-time recovery codes (ten per set; a new set replaces the old), kept as HMACs only.
CREATE TABLE auth_recovery_codes (
  company_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  code_hash text NOT NULL CHECK (length(code_hash) <= 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE,
  UNIQUE (company_id, user_id, code_hash)
);
SELECT stockwise_tenant_table('auth_recovery_codes');

-- The second factor a session was raised to aal2 with (GoTrue's amr entry), and when.
ALTER TABLE auth_sessions
  ADD COLUMN mfa_method text CHECK (mfa_method IN ('totp', 'mfa/phone', 'mfa/recovery_code')),
  ADD COLUMN mfa_at timestamptz;

-- The company's requirement: its Owners and Admins must have a verified factor to use the API.
ALTER TABLE companies ADD COLUMN require_mfa_for_admins boolean NOT NULL DEFAULT false;

-- What the caller still owes before business data (NULL: nothing): 'verify' — the user has a
-- verified factor and this session is aal1; 'enrol' — the company requires a factor of its Owners
-- and Admins and this one has none. No session (work no token started): nothing. Read inside the
-- request's entry below, so it costs no round trip; the caller's tenant is already bound.
CREATE FUNCTION stockwise_mfa_due(company uuid, caller uuid, session uuid)
RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT CASE
    WHEN session IS NULL THEN NULL
    WHEN EXISTS (SELECT 1 FROM auth_factors f WHERE f.company_id = company AND f.user_id = caller
                   AND f.status = 'verified')
      THEN CASE WHEN EXISTS (SELECT 1 FROM auth_sessions s WHERE s.company_id = company AND s.id = session
                               AND s.aal = 'aal2') THEN NULL ELSE 'verify' END
    WHEN (SELECT c.require_mfa_for_admins FROM companies c WHERE c.id = company)
         AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id
                      WHERE ur.company_id = company AND ur.user_id = caller
                        AND r.name IN ('Company Owner', 'Admin'))
      THEN 'enrol'
  END
$fn$;

-- A request's entry (0008, 0011, 0018) also says what second factor the caller still owes.
DROP FUNCTION stockwise_enter(uuid, uuid, uuid);
CREATE FUNCTION stockwise_enter(company uuid, caller uuid, session uuid)
RETURNS TABLE (user_exists boolean, active boolean, session_live boolean, mfa_due text, roles text[], claims text[])
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('role', 'stockwise_app', true), set_config('app.company_id', company::text, true);
  RETURN QUERY
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = caller),
           EXISTS (SELECT 1 FROM users u WHERE u.id = caller AND u.deactivated_at IS NULL),
           EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = session AND s.user_id = caller
                     AND s.ended_at IS NULL AND (s.not_after IS NULL OR s.not_after > now())),
           stockwise_mfa_due(company, caller, session),
           (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = caller),
           (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
              JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
             WHERE ur.user_id = caller);
END
$fn$;
