-- A candidate for bench/request-cost/entry.mjs (ENTRY_CANDIDATE): the entry with one read each of the
-- user, the session and the roles, and the second-factor rule inline. Measured 7 % faster; not kept
-- (docs/benchmarks.md, "Session 18: the caller's entry by itself").
CREATE FUNCTION stockwise_enter_candidate(company uuid, caller uuid, session uuid)
RETURNS TABLE (user_exists boolean, active boolean, session_live boolean, mfa_due text, roles text[], claims text[])
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('role', 'stockwise_app', true), set_config('app.company_id', company::text, true);
  RETURN QUERY
    SELECT u.id IS NOT NULL,
           coalesce(u.deactivated_at IS NULL AND u.id IS NOT NULL, false),
           coalesce(s.user_id = caller AND s.ended_at IS NULL AND (s.not_after IS NULL OR s.not_after > now()), false),
           CASE WHEN session IS NULL THEN NULL
                WHEN EXISTS (SELECT 1 FROM auth_factors f WHERE f.company_id = company AND f.user_id = caller
                               AND f.status = 'verified')
                  THEN CASE WHEN s.aal = 'aal2' THEN NULL ELSE 'verify' END
                WHEN (SELECT c.require_mfa_for_admins FROM companies c WHERE c.id = company)
                     AND r.names && ARRAY['Company Owner', 'Admin']
                  THEN 'enrol' END,
           r.names,
           (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
              JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
             WHERE ur.user_id = caller)
      FROM (SELECT 1) one
      LEFT JOIN users u ON u.id = caller
      LEFT JOIN auth_sessions s ON s.company_id = company AND s.id = session
      LEFT JOIN LATERAL (SELECT array_agg(r.name ORDER BY r.name) AS names FROM user_roles ur
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = caller) r ON true;
END
$fn$;
