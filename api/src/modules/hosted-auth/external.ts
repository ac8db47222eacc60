import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTenant } from '../../db/tenant.js';
import { ApiError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import {
  connectGoogle,
  findByEmail,
  findByGoogleSubject,
  loadUserInfo,
  rememberNonce,
  signInSession,
  verifiedIdentity,
  type NewSession,
  type UserInfo,
} from '../auth/index.js';
import {
  authorizationUrl,
  discover,
  exchangeCode,
  HOSTED_CALLBACK_PATH,
  ProviderUnreachable,
  ssoVerifier,
  type ClientCredentials,
  type VerifiedIdentity,
} from '../oidc/index.js';
import { caller, requireProvenFactorToLink } from './caller.js';
import { goTrue, GoTrueError, goTrueErrorHandler } from './errors.js';
import {
  allowedRedirect,
  claimFlow,
  createFlow,
  dropFlow,
  issueCode,
  pkcePair,
  redeemCode,
  withParams,
  type FlowKind,
  type FlowState,
} from './flows.js';
import { identitiesOf } from './identities.js';
import { disconnectGoogle } from './queries.js';
import { findProvider, type SsoProvider } from './sso-providers.js';
import { userDates } from './user.js';
import { Nullable } from '../../lib/schemas.js';
import { Captcha, CodeChallenge } from './schemas.js';

// Sign-in through another provider, GoTrue's way (supabase/auth internal/api external.go,
// identity.go, sso.go, token.go PKCE and token_oidc.go): Google by redirect (/authorize) or by ID
// token (/token?grant_type=id_token), linking and unlinking Google (/user/identities), and a
// company's own OpenID Connect provider (/sso). Every redirect flow ends the same way: a one-time
// code on redirect_to that only the client's PKCE verifier turns into a session.

const HOUR = 3600;
// Per address per hour: an office behind one address signs in together in the morning; the
// limits stop a flood of flow rows, not people (a code or state is not guessable anyway).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hide = { hide: true };

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
/** What supabase-js puts on /authorize and /user/identities/authorize (auth-js _getUrlForProvider). */
const AuthorizeQuery = Type.Object(
  {
    provider: Text(32),
    redirect_to: Text(2048),
    scopes: Text(512),
    code_challenge: Text(256),
    code_challenge_method: Text(16),
    skip_http_redirect: Text(8),
  },
  // A client's extra queryParams (access_type, prompt…) are not passed to the provider: ignored.
  { additionalProperties: Type.String({ maxLength: 2048 }) },
);
const CallbackQuery = Type.Object(
  { state: Text(64), code: Text(4096), error: Text(256), error_description: Text(2048) },
  // Providers add their own (Google: scope, authuser, prompt, iss).
  { additionalProperties: Type.String({ maxLength: 4096 }) },
);
const SsoBody = Type.Object(
  {
    provider_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    domain: Type.Optional(Nullable(Type.String({ maxLength: 253 }))),
    redirect_to: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    skip_http_redirect: Type.Optional(Type.Boolean()),
    ...CodeChallenge,
    gotrue_meta_security: Type.Optional(Captcha),
  },
  { additionalProperties: false },
);
const IdentityParams = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });

/** The provider a flow signs in with, as this API's client of it. */
interface Upstream {
  issuer: string;
  client: ClientCredentials;
}

/** Google (or the development stand-in) for a redirect sign-in; null when it is not configured. */
function googleUpstream(app: FastifyInstance): Upstream | null {
  const verifier = app.idTokens;
  if (!verifier) return null;
  // Google's token endpoint wants the client's secret; the stand-in's client is public.
  if (verifier.mode === 'google' && !app.config.googleClientSecret) return null;
  return {
    issuer: verifier.issuer,
    client: {
      clientId: verifier.clientId,
      clientSecret: verifier.mode === 'google' ? app.config.googleClientSecret : null,
    },
  };
}

const ssoUpstream = (p: SsoProvider): Upstream => ({
  issuer: p.issuer,
  client: { clientId: p.clientId, clientSecret: p.clientSecret },
});

const unreachable = () => goTrue(502, 'unexpected_failure', 'The identity provider did not answer. Please try again.');

/** Starts a redirect flow: the flow's row, then the provider's authorization URL. */
async function startFlow(
  app: FastifyInstance,
  upstream: Upstream,
  flow: { kind: FlowKind; pkce: { challenge: string; method: string }; redirectTo: string } & Partial<
    Pick<FlowState, 'companyId' | 'providerId' | 'linkUserId'>
  >,
): Promise<string> {
  let discovery;
  try {
    discovery = await discover(upstream.issuer);
  } catch (error) {
    if (error instanceof ProviderUnreachable) throw unreachable();
    throw error;
  }
  const state = await createFlow(app.db, {
    kind: flow.kind,
    pkce: flow.pkce,
    redirectTo: flow.redirectTo,
    ...(flow.companyId ? { companyId: flow.companyId } : {}),
    ...(flow.providerId ? { providerId: flow.providerId } : {}),
    ...(flow.linkUserId ? { linkUserId: flow.linkUserId } : {}),
  });
  // Google's path checks its ID token's nonce against the ones this API handed out (auth/google.ts).
  if (flow.kind !== 'sso') await rememberNonce(app.db, state.nonce);
  return authorizationUrl(discovery, upstream.client, {
    redirectUri: `${app.config.publicUrl}${HOSTED_CALLBACK_PATH}`,
    state: state.id,
    nonce: state.nonce,
    verifier: state.providerVerifier,
  });
}

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** GoTrue answers a redirect start with a 302, or with {url} when the client follows it itself. */
function sendRedirect(reply: FastifyReply, url: string, asJson: boolean) {
  if (asJson) return reply.header('cache-control', 'no-store').send({ url });
  return reply.header('cache-control', 'no-store').redirect(url, 302);
}

/** A failed redirect flow returns to redirect_to with GoTrue's error parameters. */
class FlowFailure extends Error {
  constructor(
    readonly error: string,
    readonly errorCode: string,
    description: string,
  ) {
    super(description);
  }
}

/** The provider's answer, verified by the one verifier, with this flow's nonce. */
async function providerIdentity(app: FastifyInstance, flow: FlowState, upstream: Upstream, code: string) {
  let idToken: string;
  let discovery;
  try {
    discovery = await discover(upstream.issuer);
    idToken = await exchangeCode(discovery, upstream.client, {
      code,
      redirectUri: `${app.config.publicUrl}${HOSTED_CALLBACK_PATH}`,
      verifier: flow.providerVerifier,
    });
  } catch (error) {
    if (error instanceof ProviderUnreachable)
      throw new FlowFailure(
        'server_error',
        'bad_oauth_callback',
        'The identity provider did not complete the sign-in.',
      );
    throw error;
  }
  let identity: VerifiedIdentity;
  try {
    identity =
      flow.kind === 'sso'
        ? await ssoVerifier(upstream.issuer, discovery.jwks_uri, upstream.client.clientId).verify(idToken)
        : await verifiedIdentity(app, idToken, 400);
  } catch {
    throw new FlowFailure('invalid_request', 'bad_oauth_callback', 'The identity provider’s ID token is not valid.');
  }
  // Google's nonce was consumed by verifiedIdentity; either way it must be this flow's.
  if (identity.nonce !== flow.nonce)
    throw new FlowFailure('invalid_request', 'bad_oauth_callback', 'The ID token belongs to another sign-in.');
  return identity;
}

const noAccount = (message: string) => new FlowFailure('access_denied', 'signup_disabled', message);

/** Who the flow signs in: Google's connected account, the linking user, or the company's user of that email. */
async function flowUser(app: FastifyInstance, flow: FlowState, identity: VerifiedIdentity): Promise<UserInfo> {
  const { db } = app;
  if (flow.kind === 'google') {
    const entry = await findByGoogleSubject(db, identity.subject);
    const user = entry ? await inTenant(db, entry.companyId, (q) => loadUserInfo(q, entry.userId)) : null;
    if (!user)
      throw noAccount(
        'No Stockwise account is connected to this Google account. Sign in with your password and connect Google from your profile.',
      );
    return user;
  }
  if (flow.kind === 'link') {
    const holder = await findByGoogleSubject(db, identity.subject);
    if (holder)
      throw new FlowFailure(
        'invalid_request',
        'identity_already_exists',
        holder.userId === flow.linkUserId ? 'Identity is already linked' : 'Identity is already linked to another user',
      );
    return inTenant(db, flow.companyId!, (q) => connectGoogle(q, flow.linkUserId!, identity.subject));
  }
  const provider = await findProvider(db, app.tokens, { id: flow.providerId! });
  const email = identity.email.trim().toLowerCase();
  if (!provider || provider.companyId !== flow.companyId || !email.endsWith(`@${provider.domain}`))
    throw noAccount('This address is not on the company’s single sign-on domain.');
  const entry = await findByEmail(db, email);
  const user =
    entry && entry.companyId === provider.companyId
      ? await inTenant(db, entry.companyId, (q) => loadUserInfo(q, entry.userId))
      : null;
  if (!user) throw noAccount('No account with this address in this company. Ask your administrator for an invitation.');
  return user;
}

/** Ends a callback: the code (or the error) on redirect_to. */
async function finishCallback(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const q = request.query as typeof CallbackQuery.static;
  const flow = q.state ? await claimFlow(app.db, q.state) : null;
  if (!flow) {
    const site = withParams(`${app.config.publicUrl}/`, {
      error: 'invalid_request',
      error_code: 'bad_oauth_state',
      error_description: 'OAuth state parameter missing, used or expired',
    });
    return reply.redirect(site, 303);
  }
  try {
    if (q.error)
      throw new FlowFailure(
        q.error.slice(0, 64),
        'provider_error',
        q.error_description || 'The sign-in was cancelled.',
      );
    if (!q.code) throw new FlowFailure('invalid_request', 'bad_oauth_callback', 'The provider returned no code.');
    const upstream =
      flow.kind === 'sso'
        ? await findProvider(app.db, app.tokens, { id: flow.providerId! }).then((p) => p && ssoUpstream(p))
        : googleUpstream(app);
    if (!upstream) throw new FlowFailure('access_denied', 'provider_disabled', 'This sign-in is no longer configured.');
    const identity = await providerIdentity(app, flow, upstream, q.code);
    const user = await flowUser(app, flow, identity);
    const code = await issueCode(app.db, flow.id, user);
    request.log.info({ userId: user.id, kind: flow.kind }, 'redirect sign-in: code issued');
    return reply.header('cache-control', 'no-store').redirect(withParams(flow.redirectTo, { code }), 303);
  } catch (error) {
    await dropFlow(app.db, flow.id);
    if (!(error instanceof FlowFailure)) throw error;
    request.log.info({ kind: flow.kind, code: error.errorCode }, 'redirect sign-in refused');
    const target = withParams(flow.redirectTo, {
      error: error.error,
      error_code: error.errorCode,
      error_description: error.message,
    });
    return reply.redirect(target, 303);
  }
}

/**
 * /authorize and /callback: pages a browser is sent to, not calls, so they carry no apikey
 * header — as on a Supabase project, where the gateway leaves these two open. Registered beside
 * the keyed routes (app.ts), under the same prefix and the same error shape.
 */
export const redirectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setErrorHandler(goTrueErrorHandler);

  app.get('/authorize', { schema: { ...hide, querystring: AuthorizeQuery } }, async (request, reply) => {
    const q = request.query;
    await enforceLimit(app.db, `authorize:ip:${request.ip}`, 1800, HOUR, 'Request rate limit reached');
    if (q.provider !== 'google')
      throw goTrue(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
    const upstream = googleUpstream(app);
    if (!upstream) throw goTrue(400, 'validation_failed', 'Unsupported provider: provider google is not enabled');
    const pkce = pkcePair(q.code_challenge, q.code_challenge_method);
    const url = await startFlow(app, upstream, {
      kind: 'google',
      pkce,
      redirectTo: allowedRedirect(app.config, q.redirect_to),
    });
    return sendRedirect(reply, url, q.skip_http_redirect === 'true');
  });

  app.get('/callback', { schema: { ...hide, querystring: CallbackQuery } }, (request, reply) =>
    finishCallback(app, request, reply),
  );
};

/** /user/identities (link Google, unlink) and /sso: called by supabase-js with the publishable key. */
export const externalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.get(
    '/user/identities/authorize',
    { schema: { ...hide, querystring: AuthorizeQuery } },
    async (request, reply) => {
      const { principal, user } = await caller(app, request);
      await requireProvenFactorToLink(app, principal);
      const q = request.query;
      if (q.provider !== 'google')
        throw goTrue(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
      const upstream = googleUpstream(app);
      if (!upstream) throw goTrue(400, 'validation_failed', 'Unsupported provider: provider google is not enabled');
      if (user.googleConnected) throw goTrue(422, 'identity_already_exists', 'Identity is already linked');
      const pkce = pkcePair(q.code_challenge, q.code_challenge_method);
      const url = await startFlow(app, upstream, {
        kind: 'link',
        pkce,
        redirectTo: allowedRedirect(app.config, q.redirect_to),
        companyId: user.companyId,
        linkUserId: user.id,
      });
      return sendRedirect(reply, url, q.skip_http_redirect === 'true');
    },
  );

  app.delete('/user/identities/:id', { schema: { ...hide, params: IdentityParams } }, async (request) => {
    const { principal, user } = await caller(app, request);
    await requireProvenFactorToLink(app, principal);
    if (!UUID.test(request.params.id)) throw goTrue(404, 'validation_failed', 'identity_id must be an UUID');
    await inTenant(db, user.companyId, async (q) => {
      const dates = await userDates(q, user.id);
      const identities = identitiesOf({ userId: user.id, email: user.email, ...dates });
      // The last way in stays: a Google-only account (no password) keeps its Google.
      if (identities.length <= 1)
        throw goTrue(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
      const target = identities.find((i) => i.identity_id === request.params.id.toLowerCase());
      if (!target) throw goTrue(422, 'identity_not_found', 'Identity doesn\u2019t exist');
      if (target.provider !== 'google')
        throw goTrue(422, 'feature_disabled', 'The password is changed from the profile; it is not unlinked.');
      await disconnectGoogle(q, user.id, target.id);
    });
    request.log.info({ userId: user.id }, 'Google unlinked');
    return {};
  });

  app.post('/sso', { schema: { ...hide, body: SsoBody } }, async (request, reply) => {
    const b = request.body;
    const hasId = typeof b.provider_id === 'string' && b.provider_id !== '';
    const hasDomain = typeof b.domain === 'string' && b.domain !== '';
    if (hasId && hasDomain) throw goTrue(400, 'validation_failed', 'Only one of provider_id or domain supported');
    if (!hasId && !hasDomain) throw goTrue(400, 'validation_failed', 'A provider_id or domain needs to be provided');
    if (hasId && !UUID.test(b.provider_id!)) throw goTrue(400, 'validation_failed', 'provider_id must be an UUID');
    await enforceLimit(db, `sso:ip:${request.ip}`, 1800, HOUR, 'Request rate limit reached');
    const pkce = pkcePair(b.code_challenge, b.code_challenge_method);
    const provider = await findProvider(db, app.tokens, hasId ? { id: b.provider_id! } : { domain: b.domain! });
    if (!provider)
      throw goTrue(
        404,
        'sso_provider_not_found',
        hasId ? 'No such SSO provider' : 'No SSO provider assigned for this domain',
      );
    const url = await startFlow(app, ssoUpstream(provider), {
      kind: 'sso',
      pkce,
      redirectTo: allowedRedirect(app.config, b.redirect_to),
      companyId: provider.companyId,
      providerId: provider.id,
    });
    return sendRedirect(reply, url, b.skip_http_redirect === true);
  });
};

/** What POST /token?grant_type=pkce|id_token carries (auth-js exchangeCodeForSession, signInWithIdToken). */
export interface ExternalGrantBody {
  auth_code?: string | undefined;
  code_verifier?: string | undefined;
  provider?: string | undefined;
  id_token?: string | undefined;
  nonce?: string | null | undefined;
  link_identity?: boolean | undefined;
}

/**
 * Every redirect or ID-token sign-in's session, Google's and a company's single sign-on alike,
 * carries GoTrue's amr method `oauth`. GoTrue (supabase/auth, internal/models/factor.go) has
 * `sso/saml` for its /sso, which only speaks SAML (api/sso.go makes that flow state with
 * models.SSOSAML, api/samlacs.go issues its session); every OpenID Connect / OAuth sign-in —
 * external.go's flow state and token_oidc.go's ID-token grant — is models.OAuth, "oauth". A
 * company's provider here is OpenID Connect, so `sso/saml` would misstate the protocol to anyone
 * who reads the claim (supabase-js, a policy on auth.jwt()).
 */
const oauthSession = (app: FastifyInstance, request: FastifyRequest, user: UserInfo) =>
  signInSession(app, request, user, { amr: 'oauth', refreshable: true, seconds: app.config.accessTokenTtlSeconds });

/**
 * The two token grants of another provider's sign-in; the caller (routes.ts /token) answers the
 * session as every grant does.
 */
export async function externalGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  grant: 'pkce' | 'id_token',
  body: ExternalGrantBody,
): Promise<{ user: UserInfo; session: NewSession }> {
  const { db } = app;
  if (grant === 'pkce') {
    if (!body.auth_code || !body.code_verifier)
      throw goTrue(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    await enforceLimit(db, `pkce:ip:${request.ip}`, 1800, HOUR, 'Request rate limit reached');
    const flow = await redeemCode(db, body.auth_code, body.code_verifier);
    const user = await inTenant(db, flow.companyId, (q) => loadUserInfo(q, flow.userId));
    if (!user) throw goTrue(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    return { user, session: await oauthSession(app, request, user) };
  }
  if (!body.id_token) throw goTrue(400, 'validation_failed', 'id_token required');
  if (body.provider !== 'google')
    throw goTrue(400, 'validation_failed', 'Custom OIDC provider not allowed: only google signs in with an ID token');
  const linking = body.link_identity === true ? await caller(app, request) : null;
  if (linking) await requireProvenFactorToLink(app, linking.principal);
  await enforceLimit(db, `id-token:ip:${request.ip}`, 600, HOUR, 'Request rate limit reached');
  let identity: VerifiedIdentity;
  try {
    identity = await verifiedIdentity(app, body.id_token, 400);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'GOOGLE_NOT_CONFIGURED')
      throw goTrue(400, 'provider_disabled', 'Provider google is not enabled');
    if (error instanceof ApiError && error.code === 'ID_TOKEN_REUSED')
      throw goTrue(400, 'validation_failed', 'Nonces mismatch: this sign-in was already used or has expired');
    if (error instanceof GoTrueError) throw error;
    throw goTrue(400, 'validation_failed', 'Bad ID token');
  }
  // GoTrue's rule: the nonce given is the token's, or hashes (SHA-256, hex) to it.
  if (body.nonce && identity.nonce !== body.nonce && identity.nonce !== sha256hex(body.nonce))
    throw goTrue(400, 'validation_failed', 'Nonces mismatch');
  if (linking) {
    const holder = await findByGoogleSubject(db, identity.subject);
    if (holder)
      throw goTrue(
        422,
        'identity_already_exists',
        holder.userId === linking.user.id ? 'Identity is already linked' : 'Identity is already linked to another user',
      );
    const user = await inTenant(db, linking.user.companyId, (q) => connectGoogle(q, linking.user.id, identity.subject));
    return { user, session: await oauthSession(app, request, user) };
  }
  const entry = await findByGoogleSubject(db, identity.subject);
  const user = entry ? await inTenant(db, entry.companyId, (q) => loadUserInfo(q, entry.userId)) : null;
  if (!user) throw goTrue(422, 'signup_disabled', 'Signups not allowed for this instance');
  return { user, session: await oauthSession(app, request, user) };
}
