-- auth: a company's own OpenID Connect provider (single sign-on for its email domain), and the
-- redirect flows' states (Google and SSO sign-in, linking Google) up to the PKCE code exchange.

-- A company's provider: a tenant row like every company setting. The client secret is the
-- company's credential at its provider, readable by the company's own transactions only.
CREATE TABLE sso_providers (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  domain text NOT NULL CHECK (domain = lower(domain) AND length(domain) BETWEEN 3 AND 253),
  issuer text NOT NULL CHECK (length(issuer) <= 2048),
  client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 512),
  client_secret text CHECK (length(client_secret) <= 2048),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, domain)
);
SELECT stockwise_tenant_table('sso_providers');

-- Unauthenticated POST /auth/v1/sso names a domain (or a provider id), not a company: the
-- directory, like user_directory, says whose provider it is. One provider per domain.
CREATE TABLE sso_provider_directory (
  provider_id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  domain text NOT NULL UNIQUE,
  FOREIGN KEY (company_id, provider_id) REFERENCES sso_providers(company_id, id) ON DELETE CASCADE
);
GRANT SELECT, INSERT, DELETE ON sso_provider_directory TO stockwise_app;

-- One redirect sign-in (GoTrue's flow_state): started by /authorize, /user/identities/authorize or
-- /sso, carried through the provider as `state`, then holding the signed-in user behind a one-time
-- code that only the client's PKCE verifier redeems. Identifiers only (no company's data): it is
-- read before anyone is signed in, like auth_refresh_tokens.
CREATE TABLE auth_flow_states (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('google', 'link', 'sso')),
  -- The client's PKCE challenge (s256 or plain, as supabase-js sends them).
  code_challenge text NOT NULL CHECK (length(code_challenge) BETWEEN 43 AND 128),
  code_challenge_method text NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  -- Where the client asked to come back to, already checked against the allow-list.
  redirect_to text NOT NULL CHECK (length(redirect_to) <= 2048),
  -- Our own PKCE verifier and nonce toward the provider (we are its client).
  provider_verifier text NOT NULL,
  nonce text NOT NULL,
  -- sso: the provider and its company; link: the signed-in user's company and the user.
  company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
  provider_id uuid,
  link_user_id uuid,
  -- Set by the callback: who signed in, and the hash of the code handed to redirect_to.
  user_id uuid,
  user_company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
  auth_code_hash text UNIQUE,
  code_issued_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_flow_states_created ON auth_flow_states (created_at);
GRANT SELECT, INSERT, UPDATE, DELETE ON auth_flow_states TO stockwise_app;
