import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { persistedSecret } from '../lib/secrets.js';
import { TokenService } from '../modules/auth/index.js';
import { OutboxMailer, SmtpMailer, type Mailer } from '../modules/mail/index.js';
import { googleVerifier, localVerifier } from '../modules/oidc/index.js';

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
    const secret = config.jwtSecret ?? (await persistedSecret(db, 'jwt', () => randomBytes(48).toString('base64url')));
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
