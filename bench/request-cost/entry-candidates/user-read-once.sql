-- A candidate for bench/request-cost/entry.mjs (ENTRY_CANDIDATE): the entry reading the user once for
-- "exists" and "active". Measured no faster (docs/benchmarks.md, "Session 18: the caller's entry by itself").
CREATE FUNCTION stockwise_enter_candidate(company uuid, caller uuid, session uuid)
RETURNS TABLE (user_exists boolean, active boolean, session_live boolean, mfa_due text, roles text[], claims text[])
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('role', 'stockwise_app', true), set_config('app.company_id', company::text, true);
  RETURN QUERY
    SELECT u.id IS NOT NULL,
           coalesce(u.deactivated_at IS NULL AND u.id IS NOT NULL, false),
           EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = session AND s.user_id = caller
                     AND s.ended_at IS NULL AND (s.not_after IS NULL OR s.not_after > now())),
           stockwise_mfa_due(company, caller, session),
           (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = caller),
           (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
              JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
             WHERE ur.user_id = caller)
      FROM (SELECT 1) one LEFT JOIN users u ON u.id = caller;
END
$fn$;
