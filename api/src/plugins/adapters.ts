import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { fileSecret, persistedSecret } from '../lib/secrets.js';
import { TokenService } from '../modules/auth/index.js';
import { OutboxMailer, SmtpMailer, type Mailer } from '../modules/mail/index.js';
import { googleVerifier, localVerifier } from '../modules/oidc/index.js';

/** The file of the data folder that holds the session-signing key on the embedded database. */
export const SESSION_KEY_FILE = 'session-signing.key';

/**
 * The session-signing key when JWT_SECRET is not set. On the embedded database it is a file of
 * the data folder (0600), so a copy of the database does not carry it; on PostgreSQL (development
 * only: production requires JWT_SECRET there) it is in app_secrets, shared by every process.
 */
function generatedSessionKey(config: Config, db: Database): Promise<string> {
  const create = () => randomBytes(48).toString('base64url');
  if (config.databaseUrl) return persistedSecret(db, 'jwt', create);
  return fileSecret(db, path.join(config.dataDir, SESSION_KEY_FILE), 'jwt', create);
}

/**
 * Each hosted service behind its interface, its adapter chosen here from the configuration:
 * session tokens; mail (SMTP, else the outbox table); Google ID tokens (Google's keys with
 * GOOGLE_CLIENT_ID; in development only, the embedded OpenID provider; in production without it,
 * none — Google sign-in is off). Payments choose theirs in the billing module
 * (providers/index.ts: paymentProviderFromConfig), storage in the storage module (object-store.ts).
 */
export const adaptersPlugin = fp<{ mailer?: Mailer }>(
  async (app, options) => {
    const { config, db } = app;
    const secret = config.jwtSecret ?? (await generatedSessionKey(config, db));
    app.decorate('tokens', new TokenService(secret, config.jwtTtlSeconds));
    app.decorate(
      'mailer',
      options.mailer ??
        (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db, app.log)),
    );
    if (config.googleClientId) app.decorate('idTokens', googleVerifier(config.googleClientId));
    else if (!config.production) {
      // Loaded only here: production never loads the stand-in's code at all.
      const { oidcProviderPlugin } = await import('../modules/oidc/provider.js');
      app.decorate('idTokens', localVerifier(await oidcProviderPlugin(app)));
    } else app.decorate('idTokens', null);
  },
  { name: 'adapters' },
);
