-- auth: email verification, pending email changes, Google linked by subject, single-use nonces
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE users ADD COLUMN pending_email text;

-- Accounts made before verification existed keep signing in. Their Google links that sit beside
-- a password were made by matching an email at sign-in (the hole this migration closes): drop
-- them; the owner connects Google again from the profile. The owner may be filtered by forced
-- RLS when it is not a superuser, so lift it for these two statements only.
ALTER TABLE users NO FORCE ROW LEVEL SECURITY;
UPDATE users SET email_verified_at = created_at;
UPDATE users SET google_subject = NULL WHERE password_hash IS NOT NULL;
ALTER TABLE users FORCE ROW LEVEL SECURITY;

-- Unauthenticated Google sign-in finds its account by the ID token's subject, never by email.
ALTER TABLE user_directory ADD COLUMN google_subject text UNIQUE;
UPDATE user_directory d SET google_subject = u.google_subject
  FROM users u WHERE u.id = d.user_id AND u.google_subject IS NOT NULL;

CREATE TABLE email_verification_tokens (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  email text NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, token_hash),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE
);
SELECT stockwise_tenant_table('email_verification_tokens');

-- Nonces the API handed out for a Google sign-in; an ID token is accepted once, with one of them.
CREATE TABLE id_token_nonces (
  nonce_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
GRANT SELECT, INSERT, DELETE ON id_token_nonces TO stockwise_app;
