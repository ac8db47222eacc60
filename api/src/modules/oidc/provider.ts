import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type Provider from 'oidc-provider';
import { escapeHtml as escape } from '../../lib/html.js';
import { thisMachineOnly } from '../../lib/network.js';
import { persistedSecret } from '../../lib/secrets.js';

import { CALLBACK_PATH, HOSTED_CALLBACK_PATH, LOCAL_CLIENT_ID } from './constants.js';

export { CALLBACK_PATH, LOCAL_CLIENT_ID };

function page(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development sign-in — not Google</title>
<style>body{font-family:Roboto,system-ui,sans-serif;background:#f5f5f5;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px #0002;width:320px;display:grid;gap:12px}
input,button{font:inherit;padding:10px;border-radius:8px;border:1px solid #bbb}button{background:#1a73e8;color:#fff;border:0;cursor:pointer}
.err{color:#b00020}</style></head><body>
<form method="post" action="/oidc/interaction/${escape(uid)}">
<h1 style="font-size:20px;margin:0">Development sign-in — not Google</h1>
<p style="margin:0;color:#555">A stand-in for Google on this development machine: any address signs in, no password. It never runs in production and answers this machine only.</p>
${error ? `<p class="err" role="alert">${escape(error)}</p>` : ''}
<label>Email <input name="email" type="email" required autofocus autocomplete="email" style="width:100%;box-sizing:border-box"></label>
<label>First name <input name="given_name" autocomplete="given-name" style="width:100%;box-sizing:border-box"></label>
<label>Last name <input name="family_name" autocomplete="family-name" style="width:100%;box-sizing:border-box"></label>
<button type="submit">Continue</button></form></body></html>`;
}

/**
 * The embedded Google stand-in (development only, this machine only; see plugins/adapters.ts): an OpenID Connect provider (code + PKCE) at /oidc with a sign-in
 * page. Its ID tokens are RS256 and verified by the same code as Google's (see verify.ts).
 */
export async function oidcProviderPlugin(
  app: FastifyInstance,
): Promise<{ issuer: string; clientId: string; publicJwks: JSONWebKeySet }> {
  const { config, db } = app;
  const issuer = `${config.publicUrl}/oidc`;
  const privateJwk = JSON.parse(
    await persistedSecret(db, 'oidc-signing-key', async () => {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = await exportJWK(privateKey);
      return JSON.stringify({
        ...jwk,
        alg: 'RS256',
        use: 'sig',
        kid: createHash('sha256').update(jwk.n!).digest('base64url').slice(0, 16),
      });
    }),
  ) as JWK;
  const cookieKey = await persistedSecret(db, 'oidc-cookie-key', () => randomBytes(32).toString('base64url'));
  // The published key set must carry only the public half of the signing key.
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const names = new Map<string, { given: string; family: string }>();

  // oidc-provider (with Koa under it) is loaded and built by the first /oidc request, not at start:
  // nearly every process and API test never signs in through the stand-in, and loading it was
  // among the largest costs of the API's start (docs/benchmarks.md, CI time, "Session 16"). The
  // routes below exist from the start.
  let built: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> | undefined;
  const standIn = () => (built ??= buildStandIn({ issuer, config, privateJwk, cookieKey, names }));

  await app.register(async (scope) => {
    scope.addHook('onRequest', thisMachineOnly);
    await scope.register(formbody);
    scope.get('/oidc/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
      const { provider } = await standIn();
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return reply.type('text/html').header('cache-control', 'no-store').send(page(interaction.uid));
    });
    scope.post('/oidc/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
      const { provider } = await standIn();
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
        return reply.type('text/html').status(400).send(page(interaction.uid, 'Enter a valid email address.'));
      }
      const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
      if (str(body.given_name) || str(body.family_name))
        names.set(email, { given: str(body.given_name), family: str(body.family_name) });
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: email } });
      return reply.redirect(returnTo, 303);
    });
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', thisMachineOnly);
    // oidc-provider reads its own request bodies: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.all('/oidc/*', { schema: { hide: true } }, async (request, reply) => {
      const { handle } = await standIn();
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice('/oidc'.length) || '/';
      void handle(raw, reply.raw);
    });
  });

  return { issuer, clientId: LOCAL_CLIENT_ID, publicJwks: { keys: [publicJwk as JWK] } };
}

/** The stand-in's provider and its request handler, built once per process by its first request. */
async function buildStandIn({
  issuer,
  config,
  privateJwk,
  cookieKey,
  names,
}: {
  issuer: string;
  config: FastifyInstance['config'];
  privateJwk: JWK;
  cookieKey: string;
  names: Map<string, { given: string; family: string }>;
}): Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> {
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        // The shell's page (the browser's own code flow) and the auth service's callback (/auth/v1/authorize).
        redirect_uris: [`${config.publicUrl}${CALLBACK_PATH}`, `${config.publicUrl}${HOSTED_CALLBACK_PATH}`],
        post_logout_redirect_uris: [config.publicUrl],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: [cookieKey] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/oidc/interaction/${interaction.uid}` },
    // A first-party stand-in: no consent screen, the one client gets openid email profile.
    loadExistingGrant: async (ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string; grantIdFor(id: string): string | undefined };
        result?: { consent?: { grantId?: string } };
        provider: {
          Grant: { find(id: string): Promise<unknown> } & (new (i: object) => {
            addOIDCScope(s: string): void;
            save(): Promise<string>;
          });
        };
      };
    }) => {
      const { client, session, provider: pr } = ctx.oidc;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) {
        const found = await pr.Grant.find(existing);
        if (found) return found;
      }
      const grant = new pr.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: unknown, accountId: string) => ({
      accountId,
      claims: async () => {
        const local = accountId.split('@')[0] ?? '';
        const [g = '', f = ''] = local.split(/[._-]/);
        const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
        const n = names.get(accountId) ?? { given: cap(g), family: cap(f) };
        return {
          sub: accountId,
          email: accountId,
          email_verified: true,
          given_name: n.given,
          family_name: n.family,
          name: `${n.given} ${n.family}`.trim(),
        };
      },
    }),
    renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><pre>${escape(JSON.stringify(out, null, 2))}</pre>`;
    },
  });
  provider.proxy = config.trustProxy !== false;
  return { provider, handle: provider.callback() };
}
