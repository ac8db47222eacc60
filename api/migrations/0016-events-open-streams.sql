-- events: the open live-update streams of every replica
-- A user and a company may hold only a few streams at once, whichever replicas they landed on: each
-- replica records its open streams here and renews them while they are open, so a replica that
-- died without removing its rows stops counting once they are no longer renewed (a minute).
-- Identifiers only, like the tickets: a replica renews its streams of every company in one statement.
CREATE TABLE event_streams (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_streams_company ON event_streams (company_id, opened_at);
GRANT SELECT, INSERT, UPDATE, DELETE ON event_streams TO stockwise_app;
