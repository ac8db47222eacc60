import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { permit } from '../../access/index.js';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { answers, IdParams, Nullable } from '../../lib/schemas.js';
import type { TokenService } from '../auth/index.js';
import { recordAudit } from '../audit/index.js';
import { discover, HOSTED_CALLBACK_PATH, isPublicHostName, ProviderUnreachable } from '../oidc/index.js';
import {
  companiesWithAddressesOn,
  deleteProvider,
  providerIssuer,
  updateProvider,
  directoryEntryByDomain,
  directoryEntryById,
  domainRegistered,
  insertProvider,
  listProviders,
  providerListing,
  providerRow,
  sealStoredSecret,
  type ProviderListing,
  type SsoProvider,
} from './sso-queries.js';

// A company's own OpenID Connect provider for its email domain (Microsoft Entra ID, Okta, Google
// Workspace…): registered by whoever manages the company's settings, then used by POST
// /auth/v1/sso to sign in the company's existing users whose address is on that domain.
//
// The client secret is the company's credential at its provider: it is kept sealed (the same
// sealing as TOTP keys, TokenService.seal, bound to the row), so a database dump or backup does
// not hand it out — row-level security alone only keeps other companies from reading it.

export type { SsoProvider } from './sso-queries.js';

/**
 * The longest client secret taken. Sealed (base64url with its nonce and tag, about 4/3 of it plus
 * 43 characters) it still fits the column's 2048-character check; real secrets are far shorter.
 */
export const MAX_CLIENT_SECRET = 1024;

const DOMAIN = '^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$';

const ProviderSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  domain: Type.String(),
  issuer: Type.String(),
  clientId: Type.String(),
  /** The secret is never shown again, only whether one is kept. */
  hasClientSecret: Type.Boolean(),
  /** What to register at the provider as the redirect URI. */
  redirectUri: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const NewProviderBody = Type.Object(
  {
    domain: Type.String({ minLength: 3, maxLength: 253, pattern: DOMAIN, description: 'Lower-case email domain.' }),
    issuer: Type.String({ minLength: 8, maxLength: 2048, description: 'The provider’s issuer URL (https).' }),
    clientId: Type.String({ minLength: 1, maxLength: 512 }),
    clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CLIENT_SECRET })),
  },
  { additionalProperties: false },
);

/**
 * An edit: the domain stays (another domain is another provider: remove and register). The secret
 * is write-only: omitted keeps the sealed one, null removes it (a public client), a value replaces it.
 */
const ProviderChangeBody = Type.Object(
  {
    issuer: NewProviderBody.properties.issuer,
    clientId: NewProviderBody.properties.clientId,
    clientSecret: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: MAX_CLIENT_SECRET }), {
        description: 'Omitted: the kept secret stays; null: no secret (a public client).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** What a client secret is sealed to: its own row (a sealed value moved to another row does not open). */
const secretContext = (providerId: string) => `sso_providers.client_secret:${providerId}`;
/** The shape of a sealed value (TokenService.seal): version, nonce, tag, body. */
const SEALED = /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * The plain client secret of a row. Rows written before secrets were sealed hold it in plain text:
 * it is sealed now, on this first use (no migration can: the key is the server's, not the
 * database's). A value that looks sealed but does not open was sealed under another server key —
 * an operator's mistake, said loudly; the sign-in then fails at the provider, not here.
 */
async function openedSecret(q: Queryable, tokens: TokenService, row: SsoProvider): Promise<string | null> {
  const stored = row.clientSecret;
  if (stored === null) return null;
  const context = secretContext(row.id);
  if (SEALED.test(stored)) {
    try {
      return tokens.open(stored, context);
    } catch {
      throw new Error(`the client secret of SSO provider ${row.id} does not open under this server's key`);
    }
  }
  const sealed = tokens.seal(stored, context);
  // A plain secret too long to fit sealed stays as it was (none is taken any more: MAX_CLIENT_SECRET).
  if (sealed.length <= 2048) await sealStoredSecret(q, row.id, sealed, stored);
  return stored;
}

/**
 * The provider named by an id or an email domain, from the directory then the company's own row,
 * with its client secret opened for the call to the provider.
 */
export async function findProvider(
  db: Database,
  tokens: TokenService,
  by: { id: string } | { domain: string },
): Promise<SsoProvider | null> {
  const entry = await inPublic(db, (q) =>
    'id' in by ? directoryEntryById(q, by.id) : directoryEntryByDomain(q, by.domain.trim().toLowerCase()),
  );
  if (!entry) return null;
  return inTenant(db, entry.companyId, async (q) => {
    const row = await providerRow(q, entry.id);
    return row ? { ...row, clientSecret: await openedSecret(q, tokens, row) } : null;
  });
}

/**
 * The issuer a company may register: a URL without credentials, query or fragment; in production
 * https on a named host (not an address, not localhost), since the API fetches it — a company
 * must not make the server call into its own network.
 */
function checkedIssuer(raw: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('The issuer is not a URL.', 'issuer');
  }
  if (url.username || url.password || url.search || url.hash)
    throw badRequest('The issuer is a plain URL: no credentials, query or fragment.', 'issuer');
  if (production) {
    if (url.protocol !== 'https:') throw badRequest('The issuer must use https.', 'issuer');
    if (!isPublicHostName(url)) throw badRequest('The issuer must be a public host name.', 'issuer');
  } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest('The issuer must use https (or http in development).', 'issuer');
  }
  return raw.replace(/\/+$/, '');
}

/**
 * The domain is the company's: some of its users have addresses there, and no other company's
 * user does (addresses are unique across companies, so the directory answers for all of them).
 */
async function domainIsTheCompanys(db: Database, companyId: string, domain: string): Promise<boolean> {
  const companies = await inPublic(db, (q) => companiesWithAddressesOn(q, domain));
  return companies.length === 1 && companies[0] === companyId;
}

/** The issuer's discovery document answers (what a sign-in will need), else a 400 naming the issuer. */
async function requireDiscovery(issuer: string): Promise<void> {
  try {
    await discover(issuer);
  } catch (error) {
    if (error instanceof ProviderUnreachable)
      throw badRequest(`The issuer’s OpenID Connect discovery did not answer correctly (${error.message}).`, 'issuer');
    throw error;
  }
}

/** A provider as the audit log keeps it: whether a client secret is kept, never the secret. */
const auditShape = (row: ProviderListing) => ({
  domain: row.domain,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.hasClientSecret,
});

/**
 * Adding or changing a provider is the Company Owner's: the provider's word on an address signs in
 * the company's user with it — owners too — so whoever may point it at an issuer of their own may
 * sign in as anyone. `settings.manage` (an Admin) still sees the providers and may remove one,
 * which only sends its domain back to passwords.
 */
function ownerOnly(request: FastifyRequest): void {
  if (!request.access?.owner)
    throw forbidden(
      'Only a Company Owner can add or change a single sign-on provider: it signs in the company’s users, its owners among them.',
    );
}

/** Under /api/sso-providers: the company's providers (settings.manage). */
export const ssoProviderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['sso'], security: [{ bearer: [] }] };
  const redirectUri = `${app.config.publicUrl}${HOSTED_CALLBACK_PATH}`;
  const shown = (row: ProviderListing) => ({ ...row, redirectUri });
  app.addHook('onRequest', app.authenticate);
  // The rule is checked before the handler (not in the work transaction): registering fetches the
  // issuer's discovery and reads the directory first, which only a settings manager may cause.

  app.get(
    '',
    {
      schema: {
        ...common,
        operationId: 'listSsoProviders',
        ...permit('settings.manage'),
        description: 'The company’s single sign-on providers (OpenID Connect), one per email domain.',
        response: answers(Type.Array(ProviderSchema)),
      },
    },
    (request) => app.inCompany(request, async (q: Queryable) => (await listProviders(q)).map(shown)),
  );

  app.post(
    '',
    {
      schema: {
        ...common,
        operationId: 'createSsoProvider',
        ...permit('settings.manage'),
        description:
          'Registers the company’s OpenID Connect provider for an email domain its users’ addresses are on. The issuer’s discovery document must answer. Register `redirectUri` at the provider. The Company Owner only (403 otherwise): the provider signs in the company’s users, owners too.',
        body: NewProviderBody,
        response: answers(ProviderSchema, 201),
      },
    },
    async (request, reply) => {
      ownerOnly(request);
      const companyId = request.principal!.companyId;
      const b = request.body;
      const issuer = checkedIssuer(b.issuer, app.config.production);
      if (!(await domainIsTheCompanys(app.db, companyId, b.domain)))
        throw badRequest('Only a domain your own users’ email addresses are on can be registered.', 'domain');
      await requireDiscovery(issuer);
      const taken = await inPublic(app.db, (q) => domainRegistered(q, b.domain));
      if (taken) throw conflict('This domain already has a single sign-on provider.', 'domain');
      // The id is chosen here: the secret is sealed to it before the row is written.
      const id = randomUUID();
      const secret = b.clientSecret ? app.tokens.seal(b.clientSecret, secretContext(id)) : null;
      const row = await app.inCompany(request, async (q) => {
        const inserted = await insertProvider(q, {
          companyId,
          id,
          domain: b.domain,
          issuer,
          clientId: b.clientId,
          sealedSecret: secret,
        });
        await recordAudit(q, {
          companyId,
          actorId: request.principal!.userId,
          entity: 'sso-provider',
          entityId: id,
          entityName: inserted.domain,
          action: 'create',
          after: auditShape(inserted),
        });
        return inserted;
      });
      request.log.info({ companyId, domain: b.domain, issuer }, 'single sign-on provider registered');
      return reply.status(201).send(shown(row));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        ...common,
        operationId: 'updateSsoProvider',
        ...permit('settings.manage'),
        description:
          'Changes a provider’s issuer, client id or client secret (write-only: omitted keeps the kept one, null removes it). A changed issuer’s discovery document must answer. The domain does not change. The Company Owner only (403 otherwise).',
        params: IdParams,
        body: ProviderChangeBody,
        response: answers(ProviderSchema),
      },
    },
    async (request) => {
      ownerOnly(request);
      const { id } = request.params;
      const b = request.body;
      const current = await app.inCompany(request, (q) => providerIssuer(q, id));
      // Another company's id is not found before anything is fetched for it.
      if (!current) throw notFound('No such single sign-on provider.');
      const issuer = checkedIssuer(b.issuer, app.config.production);
      // An unchanged issuer is not asked again: a client id or secret can be fixed while it is down.
      if (issuer !== current.issuer) await requireDiscovery(issuer);
      const keepSecret = b.clientSecret === undefined;
      const secret = b.clientSecret ? app.tokens.seal(b.clientSecret, secretContext(id)) : null;
      const row = await app.inCompany(request, async (q) => {
        const before = await providerListing(q, id);
        const updated = await updateProvider(q, { id, issuer, clientId: b.clientId, keepSecret, sealedSecret: secret });
        if (before && updated)
          await recordAudit(q, {
            companyId: request.principal!.companyId,
            actorId: request.principal!.userId,
            entity: 'sso-provider',
            entityId: id,
            entityName: updated.domain,
            action: 'update',
            before: auditShape(before),
            after: auditShape(updated),
          });
        return updated;
      });
      if (!row) throw notFound('No such single sign-on provider.');
      request.log.info({ companyId: request.principal!.companyId, id, issuer }, 'single sign-on provider changed');
      return shown(row);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        ...common,
        operationId: 'deleteSsoProvider',
        ...permit('settings.manage'),
        description: 'Removes a provider: its domain signs in by password or Google again.',
        params: IdParams,
        response: answers(Type.Null(), 204),
      },
    },
    async (request, reply) => {
      const removed = await app.inCompany(request, async (q) => {
        const before = await providerListing(q, request.params.id);
        if (!before) return false;
        await recordAudit(q, {
          companyId: request.principal!.companyId,
          actorId: request.principal!.userId,
          entity: 'sso-provider',
          entityId: before.id,
          entityName: before.domain,
          action: 'delete',
          before: auditShape(before),
        });
        return deleteProvider(q, request.params.id);
      });
      if (!removed) throw notFound('No such single sign-on provider.');
      return reply.status(204).send(null);
    },
  );
};
