import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMultiHost } from './db/primary.js';

/** Everything the API reads from the environment, in one place (see api/README.md). */
/**
 * development: stand-ins (embedded Google, embedded checkout, readable mail outbox, demo data)
 * exist, for this machine only. production: none of them; a missing real service turns its
 * feature off. Only an explicit NODE_ENV=development or test is development: an unset NODE_ENV
 * is production, so a forgotten variable never opens a stand-in to the world.
 */
export type Mode = 'development' | 'production';

export interface Config {
  mode: Mode;
  /** mode === 'production' */
  production: boolean;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** null → embedded PGlite under dataDir (or in memory when dataDir is null in tests). */
  databaseUrl: string | null;
  /**
   * Reports and the dashboard read here when set (db/replica.ts): a standby's URL, or the cluster's
   * multi-host string with target_session_attrs=prefer-standby. Only beside DATABASE_URL.
   */
  databaseReadUrl: string | null;
  /** The most a report read on the standby may lag; a standby further behind is skipped for the primary. */
  databaseReadMaxLagSeconds: number;
  jwtSecret: string | null;
  /**
   * Lifetime of the profile-picture cookie a sign-in (and each profile read) sets. Session tokens
   * no longer live this long: every sign-in's access token lives accessTokenTtlSeconds.
   */
  jwtTtlSeconds: number;
  /**
   * Lifetime of every session's access token — the auth service's (/auth/v1) and the spec's
   * /api/auth sign-in calls' alike; clients (the browser's supabase-js) refresh it: at most an hour.
   */
  accessTokenTtlSeconds: number;
  /** How long a just-rotated refresh token may still be used (GoTrue's reuse interval, at most 10 s). */
  refreshTokenReuseSeconds: number;
  /**
   * How often a phone factor's code may be sent (GoTrue's MFA_PHONE_MAX_FREQUENCY, a minute). Phone
   * factors exist in development only (their texts go to the outbox); there a shorter window lets the
   * browser suite see the rule without waiting a minute for it.
   */
  mfaPhoneMaxFrequencySeconds: number;
  /**
   * The auth service's publishable key (supabase-js's `supabaseKey`): public, printed by
   * /api/environment; a call to /auth/v1 without it is refused, as by a Supabase project.
   */
  authPublishableKey: string;
  corsOrigins: string[];
  smtpUrl: string | null;
  mailFrom: string;
  googleClientId: string | null;
  /**
   * Google's client secret for this API's own code exchange (/auth/v1/authorize → /auth/v1/callback);
   * without it, Google sign-in by redirect is off (the browser's ID-token sign-in still works).
   */
  googleClientSecret: string | null;
  /**
   * Origins a redirect sign-in (/auth/v1/authorize, /sso, /user/identities/authorize) may return
   * to; any other redirect_to returns to PUBLIC_URL instead, as GoTrue does with its SITE_URL.
   */
  authRedirectOrigins: string[];
  supabaseUrl: string | null;
  seedDemo: boolean;
  logLevel: string;
  /** Requests per failure window before 429 (ASVS 2.2.1: at most 100 per account per hour). */
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  /** Failures per account from one address before that address is refused for the account. */
  loginFailuresPerAccountAddress: number;
  /**
   * Registrations, and uses of email-verification links, per address per hour (a browser test
   * suite on one machine registers many companies).
   */
  registrationsPerAddress: number;
  /**
   * Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses (comma list, CIDRs,
   * or proxy-addr's names such as `loopback`). Never `true`: the client is the right-most
   * untrusted hop of X-Forwarded-For, not the left-most, which any client can write.
   */
  trustProxy: false | number | string;
  /**
   * How long a client may take to send a whole request (headers and body) before it is answered
   * 408 and closed; headers alone get at most HEADERS_TIMEOUT_SECONDS of it. Node's default of
   * 300 s lets slow senders hold connections open. Live-update streams are GETs with no body:
   * their request arrives at once, so this never cuts them.
   */
  requestTimeoutSeconds: number;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  stripePublishableKey: string | null;
  /** Where the `stripe` SDK sends its calls instead of api.stripe.com (development and test only). */
  stripeApiUrl: string | null;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = env[name] || fallback;
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got ${parsed.protocol})`);
  }
  return raw.replace(/\/+$/, '');
}

/** DATABASE_URL (or DATABASE_READ_URL), one host or several (a failover cluster's, checked as its first host's). */
function databaseUrlFrom(env: NodeJS.ProcessEnv, name = 'DATABASE_URL'): string | null {
  const raw = env[name];
  if (!raw) return null;
  let multi;
  try {
    multi = parseMultiHost(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  if (!multi) return url(env, name, null, ['postgres:', 'postgresql:']);
  url({ [name]: multi.single }, name, null, ['postgres:', 'postgresql:']);
  return raw;
}

function trustProxy(raw: string | undefined): false | number | string {
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^(true|all|\*)$/i.test(raw)) {
    throw new ConfigError('TRUST_PROXY must name the proxies (addresses, CIDRs, "loopback") or a hop count, not all');
  }
  const entries = raw.split(',').map((e) => e.trim());
  const named = /^(loopback|linklocal|uniquelocal)$/;
  const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  if (entries.some((e) => !named.test(e) && !address.test(e))) {
    throw new ConfigError('TRUST_PROXY must be a hop count or a comma list of addresses, CIDRs or "loopback"');
  }
  return entries.join(',');
}

/** A public value, but still a value a client must have been given: printable, no spaces, 16–128 characters. */
function publishableKey(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'sb_publishable_stockwise';
  if (!/^[\x21-\x7e]{16,128}$/.test(raw))
    throw new ConfigError('AUTH_PUBLISHABLE_KEY must be 16–128 printable characters');
  return raw;
}

/**
 * The origins a redirect sign-in may return to: PUBLIC_URL and CORS_ORIGINS, or the listed ones
 * (plus PUBLIC_URL). Whole origins only — a path or wildcard would let any page of a shared host
 * receive a sign-in code; https only in production (a code in a plain-text URL can be read).
 */
function redirectOrigins(raw: string | undefined, fallback: string[], production: boolean): string[] {
  const explicit = raw === undefined || raw.trim() === '' ? [] : raw.split(',').map((e) => e.trim());
  const origins = new Set<string>(
    (explicit.length ? [fallback[0]!] : fallback).map((o) => {
      try {
        return new URL(o).origin;
      } catch {
        return o;
      }
    }),
  );
  for (const entry of explicit.filter(Boolean)) {
    let parsed: URL;
    try {
      parsed = new URL(entry);
    } catch {
      throw new ConfigError(`AUTH_REDIRECT_ALLOW_LIST: "${entry}" is not a URL`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new ConfigError(`AUTH_REDIRECT_ALLOW_LIST: "${entry}" must be an http(s) origin`);
    if (production && parsed.protocol !== 'https:')
      throw new ConfigError(`AUTH_REDIRECT_ALLOW_LIST: "${entry}" must use https in production`);
    origins.add(parsed.origin);
  }
  return [...origins];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode: Mode = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? 'development' : 'production';
  const production = mode === 'production';
  const databaseUrl = databaseUrlFrom(env);
  const databaseReadUrl = databaseUrlFrom(env, 'DATABASE_READ_URL');
  if (databaseReadUrl && !databaseUrl)
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: a standby is read beside its primary');
  const jwtSecret = env.JWT_SECRET || null;
  if (jwtSecret !== null && Buffer.byteLength(jwtSecret) < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 bytes long');
  }
  if (production && databaseUrl && !jwtSecret) {
    throw new ConfigError('JWT_SECRET is required in production with DATABASE_URL (every replica must share it)');
  }
  const publicUrl = url(env, 'PUBLIC_URL', 'http://localhost:8080', ['http:', 'https:'])!;
  const corsOrigins = (env.CORS_ORIGINS ?? publicUrl)
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  if (production && env.MFA_PHONE_MAX_FREQUENCY_SECONDS) {
    throw new ConfigError(
      'MFA_PHONE_MAX_FREQUENCY_SECONDS is refused in production: phone codes are a development stand-in',
    );
  }
  if (production && env.SEED_DEMO === '1') {
    throw new ConfigError('SEED_DEMO=1 is refused in production: the demo accounts have a published password');
  }
  const stripeSecretKey = env.STRIPE_SECRET_KEY || null;
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET || null;
  if (stripeSecretKey && !stripeWebhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  }
  const stripePublishableKey = env.STRIPE_PUBLISHABLE_KEY || null;
  // The purchase page embeds Stripe's checkout, which Stripe.js opens with this key.
  if (stripeSecretKey && !stripePublishableKey) {
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY');
  }
  // Another Stripe API host (stripe-mock, or a test's stand-in): never on a production server.
  const stripeApiUrl = url(env, 'STRIPE_API_URL', null, ['http:', 'https:']);
  if (production && stripeApiUrl) {
    throw new ConfigError('STRIPE_API_URL is refused in production: payments go to Stripe itself');
  }
  return {
    mode,
    production,
    host: env.API_HOST || '127.0.0.1',
    port: int(env, 'API_PORT', 8081, 0, 65535),
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, '.data')),
    databaseUrl,
    databaseReadUrl,
    databaseReadMaxLagSeconds: int(env, 'DATABASE_READ_MAX_LAG_SECONDS', 5, 1, 3600),
    jwtSecret,
    jwtTtlSeconds: int(env, 'JWT_TTL_SECONDS', 8 * 3600, 60, 7 * 24 * 3600),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600, 5, 3600),
    refreshTokenReuseSeconds: int(env, 'REFRESH_TOKEN_REUSE_INTERVAL_SECONDS', 10, 0, 10),
    mfaPhoneMaxFrequencySeconds: int(env, 'MFA_PHONE_MAX_FREQUENCY_SECONDS', 60, 5, 3600),
    authPublishableKey: publishableKey(env.AUTH_PUBLISHABLE_KEY),
    corsOrigins,
    smtpUrl: url(env, 'SMTP_URL', null, ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Stockwise <no-reply@stockwise.local>',
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || null,
    authRedirectOrigins: redirectOrigins(env.AUTH_REDIRECT_ALLOW_LIST, [publicUrl, ...corsOrigins], production),
    supabaseUrl: url(env, 'SUPABASE_URL', null, ['http:', 'https:']),
    // Demo data is a stand-in too: development only, and by default only on the embedded database.
    seedDemo: !production && (databaseUrl ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0'),
    logLevel,
    loginFailuresPerAccount: int(env, 'LOGIN_FAILURES_PER_ACCOUNT', 100, 1, 100),
    loginFailuresPerIp: int(env, 'LOGIN_FAILURES_PER_IP', 1000, 1, 1_000_000),
    loginFailuresPerAccountAddress: int(env, 'LOGIN_FAILURES_PER_ACCOUNT_ADDRESS', 10, 1, 100),
    registrationsPerAddress: int(env, 'REGISTRATIONS_PER_ADDRESS', 30, 1, 10_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    requestTimeoutSeconds: int(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600),
    stripeSecretKey,
    stripeWebhookSecret,
    stripePublishableKey,
    stripeApiUrl,
  };
}
