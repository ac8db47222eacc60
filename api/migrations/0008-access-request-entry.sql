-- access: stockwise_enter(), a request's transaction set up and its caller's access read in one round trip
-- Becomes the app role bound to one company (as SET LOCAL ROLE + set_config would), then reads the
-- caller's roles and claims — under row-level security, since the role is already the app role when
-- the read is planned (plpgsql plans each statement when it runs). One row: user_exists false when
-- the user is gone.
CREATE OR REPLACE FUNCTION stockwise_enter(company uuid, caller uuid)
RETURNS TABLE (user_exists boolean, roles text[], claims text[]) LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('role', 'stockwise_app', true), set_config('app.company_id', company::text, true);
  RETURN QUERY
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = caller),
           (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = caller),
           (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
              JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
             WHERE ur.user_id = caller);
END
$fn$;
