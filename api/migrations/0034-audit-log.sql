-- audit log: who changed the company's settings (roles and their claims, users' roles and activation,
-- invitations, the plan, company data, label settings, transaction types, item types, brands,
-- locations, statuses, single sign-on providers), when, and the values before and after.
-- (Numbered 0034 in the session plan: 0033 while this branch is alone, the runner refusing gaps.)
--
-- Written by recordAudit() (modules/audit) in the transaction that makes the change: a change whose
-- audit row fails is not made. Append-only like item history: the app role may add and read rows,
-- never change or remove one, and a trigger refuses it to everybody else.
CREATE TABLE audit_log (
  company_id uuid NOT NULL REFERENCES companies(id),
  -- the keyset order (newest first): increasing as rows are written, so a page never shifts
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- who: a user of the company, or null for the system (a payment provider's webhook changing the plan)
  actor_id uuid,
  -- what kind of thing changed (vocabulary.ts AUDIT_ENTITIES), which one, and how
  entity text NOT NULL CHECK (entity ~ '^[a-z][a-z-]{1,39}$'),
  entity_id text CHECK (length(entity_id) <= 200),
  -- the thing's name when it changed (a deleted role keeps its name here)
  entity_name text CHECK (length(entity_name) <= 500),
  action text NOT NULL CHECK (action ~ '^[a-z][a-z-]{1,39}$'),
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, seq),
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, actor_id) REFERENCES users(company_id, id),
  CHECK (before IS NOT NULL OR after IS NOT NULL)
);
CREATE INDEX audit_log_by_time ON audit_log (company_id, created_at);
CREATE INDEX audit_log_by_actor ON audit_log (company_id, actor_id, seq);
CREATE INDEX audit_log_by_entity ON audit_log (company_id, entity, seq);
SELECT stockwise_tenant_table('audit_log');
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM stockwise_app;

CREATE FUNCTION stockwise_refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on audit_log is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$fn$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION stockwise_refuse_audit_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_refuse_audit_change();
