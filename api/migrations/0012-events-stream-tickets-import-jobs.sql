-- events: single-use stream tickets; imports: import jobs and their leases
-- A ticket lets a browser open GET /api/events/stream (EventSource cannot send a bearer header)
-- without the long-lived token in a URL: 30 seconds, used once, stored hashed. Identifiers only,
-- like the directories: the stream redeems it before it knows the company, on any replica.
CREATE TABLE event_tickets (
  ticket_hash text PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX event_tickets_expires_at ON event_tickets (expires_at);
GRANT SELECT, INSERT, DELETE ON event_tickets TO stockwise_app;

-- An import of a CSV file, followed by the browser (GET /api/imports/{id}) across page reloads.
CREATE TABLE import_jobs (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('items')),
  user_id uuid NOT NULL,
  file_name text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  total_rows integer NOT NULL CHECK (total_rows >= 0),
  rows_done integer NOT NULL DEFAULT 0 CHECK (rows_done >= 0),
  message text,
  errors jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(errors) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (company_id, id)
);
CREATE INDEX import_jobs_created ON import_jobs (company_id, created_at DESC);
SELECT stockwise_tenant_table('import_jobs');

-- The process running a job renews its lease; a lease nobody renews belongs to a process that
-- died, and any replica marks that job failed (its writes were one transaction: nothing is there).
-- Identifiers only, so a sweeper without a company can find them.
CREATE TABLE import_job_leases (
  job_id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT, INSERT, UPDATE, DELETE ON import_job_leases TO stockwise_app;
