-- request cost: the second-factor check planned once per connection, and getuser in one statement.
--
-- stockwise_mfa_due (0019) was a LANGUAGE sql function. PostgreSQL cannot inline it (its CASE holds
-- subqueries), so every call from stockwise_enter planned its body afresh: one plan per request,
-- seen as calls = plans in pg_stat_statements with track_planning. As PL/pgSQL, its statement's
-- plan is cached per connection like stockwise_enter's own. Same arguments, same answers.
CREATE OR REPLACE FUNCTION stockwise_mfa_due(company uuid, caller uuid, session uuid)
RETURNS text LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  IF session IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN (SELECT CASE
    WHEN EXISTS (SELECT 1 FROM auth_factors f WHERE f.company_id = company AND f.user_id = caller
                   AND f.status = 'verified')
      THEN CASE WHEN EXISTS (SELECT 1 FROM auth_sessions s WHERE s.company_id = company AND s.id = session
                               AND s.aal = 'aal2') THEN NULL ELSE 'verify' END
    WHEN (SELECT c.require_mfa_for_admins FROM companies c WHERE c.id = company)
         AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id
                      WHERE ur.company_id = company AND ur.user_id = caller
                        AND r.name IN ('Company Owner', 'Admin'))
      THEN 'enrol'
  END);
END
$fn$;

-- The profile the API answers for a user (loadUserInfo), read in the caller's current role and
-- company like any statement: the one copy of that read, for loadUserInfo and for getuser below.
CREATE FUNCTION stockwise_user_info(caller uuid)
RETURNS TABLE (id uuid, company_id uuid, user_name text, first_name text, last_name text, email text,
               profile_picture_url text, company_name text, google_connected boolean, pending_email text,
               roles text[])
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN QUERY
    SELECT u.id, u.company_id, u.user_name::text, u.first_name::text, u.last_name::text, u.email::text,
           u.profile_picture_url::text, c.company_name::text, u.google_subject IS NOT NULL,
           u.pending_email::text,
           coalesce((SELECT array_agg(r.name::text ORDER BY r.name) FROM user_roles ur JOIN roles r
                      ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = u.id), '{}')
      FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = caller;
END
$fn$;

-- GET /api/auth/getuser as one autocommit statement (it was BEGIN, stockwise_enter, the profile,
-- COMMIT: four round trips). The entry runs first — it switches to the app role and binds the
-- company for the rest of this statement's transaction, so row-level security filters the profile
-- read after it — and the profile is read only for a live session of an active user; the API still
-- decides from the entry's columns (access/index.ts), exactly as for any other request. PL/pgSQL
-- runs its statements in order, which one SQL statement joining the two would not promise.
CREATE FUNCTION stockwise_getuser(company uuid, caller uuid, session uuid)
RETURNS TABLE (user_exists boolean, active boolean, session_live boolean, mfa_due text, roles text[],
               claims text[], info jsonb)
LANGUAGE plpgsql AS $fn$
DECLARE
  entry record;
BEGIN
  SELECT * INTO entry FROM stockwise_enter(company, caller, session);
  user_exists := entry.user_exists;
  active := entry.active;
  session_live := entry.session_live;
  mfa_due := entry.mfa_due;
  roles := entry.roles;
  claims := entry.claims;
  IF entry.user_exists AND entry.active AND entry.session_live IS NOT FALSE THEN
    info := (SELECT to_jsonb(i) FROM stockwise_user_info(caller) i);
  END IF;
  RETURN NEXT;
END
$fn$;
