-- auth: one-time codes mailed by the auth service (/auth/v1/otp, /resend, /reauthenticate, and an
-- email change through PUT /auth/v1/user): six digits, short-lived, used once, a few tries.
-- A directory table like auth_refresh_tokens: a code is asked for and used before any company is
-- known (by an email address, which for an email change is not yet in user_directory), so it
-- holds identifiers, the address's lower-cased key and an HMAC of the code only — never the code.
CREATE TABLE auth_one_time_codes (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  user_id uuid NOT NULL,
  -- sign-in: /otp (verified as email, magiclink or signup); email-change: the new address of an
  -- email change; reauthentication: the nonce PUT /user takes for a password change.
  purpose text NOT NULL CHECK (purpose IN ('sign-in', 'email-change', 'reauthentication')),
  email_key text NOT NULL CHECK (length(email_key) <= 320),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Wrong codes tried against this one; at the limit it is dead (the service holds the limit).
  attempts integer NOT NULL DEFAULT 0,
  -- Used, replaced by a newer code, or killed by too many wrong tries.
  closed_at timestamptz,
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE
);
CREATE INDEX auth_one_time_codes_live ON auth_one_time_codes (email_key, purpose) WHERE closed_at IS NULL;
CREATE INDEX auth_one_time_codes_user ON auth_one_time_codes (user_id, purpose) WHERE closed_at IS NULL;
GRANT SELECT, INSERT, UPDATE, DELETE ON auth_one_time_codes TO stockwise_app;

-- A session opened by a mailed code says so (GoTrue's amr method "otp").
ALTER TABLE auth_sessions DROP CONSTRAINT IF EXISTS auth_sessions_amr_check;
ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_amr_check CHECK (amr IN ('password', 'oauth', 'otp'));
