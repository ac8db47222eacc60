-- idempotency: the answer to a request sent with an Idempotency-Key, kept for a while so that a
-- resend (a till's offline queue syncing, a retry after a lost answer) gets the first answer
-- instead of selling or receiving again.
-- The key is claimed by the INSERT in the same transaction as the sale: a concurrent duplicate
-- waits on the primary key until the first commits (then reads its answer) or rolls back (then
-- does the work itself). Only answers of committed work are stored: a refused request (409, 400)
-- leaves no row, and its resend is judged afresh.
CREATE TABLE idempotency_keys (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 128),
  -- SHA-256 of the route, the caller and the body: the same key on another request is refused.
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, key)
);
-- Keys are swept by age (48 hours) as new ones are claimed.
CREATE INDEX idempotency_keys_age ON idempotency_keys (company_id, created_at);
SELECT stockwise_tenant_table('idempotency_keys');
