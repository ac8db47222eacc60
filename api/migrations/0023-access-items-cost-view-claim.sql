-- access: the items.cost.view claim — cost and margin are the owner's and the admin's
--
-- An item's cost (and the inventory report's value at cost) is purchasing data: a seller or a
-- storekeeper works without it. A permission of its own, so a custom role can be given it; the
-- Company Owner holds it implicitly (as every claim), the built-in Admin by seed.
ALTER TABLE role_claims DROP CONSTRAINT role_claims_permission_check;
ALTER TABLE role_claims ADD CONSTRAINT role_claims_permission_check CHECK (claim_type <> 'permission' OR claim_value IN (
  'items.view', 'items.receive', 'items.edit', 'items.process', 'items.sell', 'items.cost.view', 'reports.view',
  'dashboard.view', 'customers.view', 'customers.manage', 'settings.manage', 'users.manage', 'billing.manage'));

-- New companies: Admin's row in the one seed definition (migrations/repeatable/seed-company.sql).

-- Existing companies' Admin roles get it as well (custom roles stay as their owners made them).
ALTER TABLE roles NO FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims NO FORCE ROW LEVEL SECURITY;
INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
SELECT company_id, id, 'permission', 'items.cost.view' FROM roles WHERE name = 'Admin' AND built_in
ON CONFLICT DO NOTHING;
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims FORCE ROW LEVEL SECURITY;
