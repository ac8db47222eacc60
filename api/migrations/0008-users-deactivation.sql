-- users: a deactivated user keeps their history (events, sales, tasks name them) but can neither
-- sign in nor use a token they already hold. NULL: active.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
