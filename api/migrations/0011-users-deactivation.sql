-- users: a deactivated user keeps their history (events, sales, tasks name them) but can neither
-- sign in nor use a token they already hold. NULL: active.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;

-- A request's entry (0008) also says whether the caller is still active, in the same round trip.
DROP FUNCTION stockwise_enter(uuid, uuid);
CREATE FUNCTION stockwise_enter(company uuid, caller uuid)
RETURNS TABLE (user_exists boolean, active boolean, roles text[], claims text[]) LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('role', 'stockwise_app', true), set_config('app.company_id', company::text, true);
  RETURN QUERY
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = caller),
           EXISTS (SELECT 1 FROM users u WHERE u.id = caller AND u.deactivated_at IS NULL),
           (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = caller),
           (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
              JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
             WHERE ur.user_id = caller);
END
$fn$;
