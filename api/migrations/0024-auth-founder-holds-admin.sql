-- auth: the person who registered a company holds Admin beside Company Owner
-- The person who registers a company (the spec's "company with admin") holds Admin beside Company
-- Owner: the spec's menu rules open Process Config and User/Role Management to Admin only, and an
-- owner alone could not reach Item Types, Roles or Users — nor give themselves Admin, since the
-- Users screen is one of them. Companies registered before this get the same: their founder (the
-- first Company Owner) gains Admin. RLS is forced and the owner may not be a superuser: bind each
-- company in turn, as the app would.
DO $$
DECLARE c uuid;
BEGIN
  ALTER TABLE companies NO FORCE ROW LEVEL SECURITY;
  FOR c IN SELECT id FROM companies LOOP
    PERFORM set_config('app.company_id', c::text, true);
    INSERT INTO user_roles (company_id, user_id, role_id)
    SELECT c, founder.id, admin.id
      FROM (SELECT u.id
              FROM users u
              JOIN user_roles ur ON ur.company_id = u.company_id AND ur.user_id = u.id
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id
             WHERE u.company_id = c AND r.name = 'Company Owner' AND r.built_in
             ORDER BY u.created_at, u.id
             LIMIT 1) founder
      JOIN roles admin ON admin.company_id = c AND admin.name = 'Admin' AND admin.built_in
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.company_id', '', true);
  ALTER TABLE companies FORCE ROW LEVEL SECURITY;
END $$;
