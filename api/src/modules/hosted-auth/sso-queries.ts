import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';

// SQL of the companies' single sign-on providers (sso-providers.ts): sso_providers is the
// company's (its transaction, row-level security), sso_provider_directory and user_directory are
// directory tables read in the directory's transaction (inPublic) before a company is known.

export interface SsoProvider {
  id: string;
  companyId: string;
  domain: string;
  issuer: string;
  clientId: string;
  /** In plain text: opened from its sealed form for the call to the provider. */
  clientSecret: string | null;
}

/** A provider as its company's settings list it: the secret never, only whether one is kept. */
export interface ProviderListing {
  id: string;
  domain: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  createdAt: string;
}

// ── the directory ──

export interface DirectoryEntry {
  companyId: string;
  id: string;
}

export async function directoryEntryById(q: Queryable, providerId: string): Promise<DirectoryEntry | null> {
  const [entry] = await q.query<DirectoryEntry>(
    `SELECT company_id AS "companyId", provider_id AS id FROM sso_provider_directory WHERE provider_id = $1`,
    [providerId],
  );
  return entry ?? null;
}

export async function directoryEntryByDomain(q: Queryable, domain: string): Promise<DirectoryEntry | null> {
  const [entry] = await q.query<DirectoryEntry>(
    `SELECT company_id AS "companyId", provider_id AS id FROM sso_provider_directory WHERE domain = $1`,
    [domain],
  );
  return entry ?? null;
}

/** Whether some company has a provider for the domain. */
export async function domainRegistered(q: Queryable, domain: string): Promise<boolean> {
  const taken = await q.query(`SELECT 1 FROM sso_provider_directory WHERE domain = $1`, [domain]);
  return taken.length > 0;
}

/** The companies some of whose users' addresses are on the domain. */
export async function companiesWithAddressesOn(q: Queryable, domain: string): Promise<string[]> {
  const rows = await q.query<{ companyId: string }>(
    `SELECT DISTINCT company_id AS "companyId" FROM user_directory WHERE email_key LIKE '%@' || $1`,
    [domain.replace(/[\\%_]/g, (c) => `\\${c}`)],
  );
  return rows.map((r) => r.companyId);
}

// ── the company's providers ──

/** The provider with its stored client secret (sealed, or plain from before secrets were sealed). */
export async function providerRow(q: Queryable, providerId: string): Promise<SsoProvider | null> {
  const [row] = await q.query<SsoProvider>(
    `SELECT id, company_id AS "companyId", domain, issuer, client_id AS "clientId", client_secret AS "clientSecret"
       FROM sso_providers WHERE id = $1`,
    [providerId],
  );
  return row ?? null;
}

/** Replaces a plain client secret by its sealed form, unless the row's secret changed meanwhile. */
export const sealStoredSecret = (q: Queryable, providerId: string, sealed: string, plain: string) =>
  q.query(`UPDATE sso_providers SET client_secret = $2 WHERE id = $1 AND client_secret = $3`, [
    providerId,
    sealed,
    plain,
  ]);

const LISTING = `SELECT id, domain, issuer, client_id AS "clientId", client_secret IS NOT NULL AS "hasClientSecret",
         ${iso('created_at')} AS "createdAt"
    FROM sso_providers`;

export const listProviders = (q: Queryable) => q.query<ProviderListing>(`${LISTING} ORDER BY domain`);

/** Registers a provider (its secret already sealed) and its directory entry; answers its listing. */
export async function insertProvider(
  q: Queryable,
  p: { companyId: string; id: string; domain: string; issuer: string; clientId: string; sealedSecret: string | null },
): Promise<ProviderListing> {
  const [created] = await q.query<ProviderListing>(
    `WITH created AS (
       INSERT INTO sso_providers (company_id, id, domain, issuer, client_id, client_secret)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *)
     ${LISTING.replace('FROM sso_providers', 'FROM created')}`,
    [p.companyId, p.id, p.domain, p.issuer, p.clientId, p.sealedSecret],
  );
  await q.query(`INSERT INTO sso_provider_directory (provider_id, company_id, domain) VALUES ($1, $2, $3)`, [
    created!.id,
    p.companyId,
    p.domain,
  ]);
  return created!;
}

/** The issuer a provider of the company's names now; null when there is none of that id. */
export async function providerIssuer(q: Queryable, providerId: string): Promise<{ issuer: string } | null> {
  const rows = await q.query<{ issuer: string }>(`SELECT issuer FROM sso_providers WHERE id = $1`, [providerId]);
  return rows[0] ?? null;
}

/**
 * Changes a provider's issuer, client id and secret (the domain stays: the directory entry names
 * it); keepSecret leaves the sealed secret as it is. Answers its listing; null when there is none.
 */
export async function updateProvider(
  q: Queryable,
  p: { id: string; issuer: string; clientId: string; keepSecret: boolean; sealedSecret: string | null },
): Promise<ProviderListing | null> {
  const rows = await q.query<ProviderListing>(
    `WITH updated AS (
       UPDATE sso_providers
          SET issuer = $2, client_id = $3, client_secret = CASE WHEN $4 THEN client_secret ELSE $5 END
        WHERE id = $1 RETURNING *)
     ${LISTING.replace('FROM sso_providers', 'FROM updated')}`,
    [p.id, p.issuer, p.clientId, p.keepSecret, p.sealedSecret],
  );
  return rows[0] ?? null;
}

/** Removes the company's provider; false when there is none of that id. */
export async function deleteProvider(q: Queryable, providerId: string): Promise<boolean> {
  const removed = await q.query(`DELETE FROM sso_providers WHERE id = $1 RETURNING 1`, [providerId]);
  return removed.length > 0;
}

/** One provider as listed (no secret), or null. */
export async function providerListing(q: Queryable, providerId: string): Promise<ProviderListing | null> {
  return (await q.query<ProviderListing>(`${LISTING} WHERE id = $1`, [providerId]))[0] ?? null;
}
