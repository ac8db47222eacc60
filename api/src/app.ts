import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrations.js';
import { inTenant } from './db/tenant.js';
import { refuseNulCharacters } from './lib/text-input.js';
import { ApiError, unauthorized } from './lib/errors.js';
import { persistedSecret } from './lib/secrets.js';
import './context.js';
import { TokenService } from './modules/auth/tokens.js';
import { OutboxMailer, SmtpMailer, type Mailer } from './modules/mail/mailer.js';
import { healthRoutes } from './modules/health/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { devRoutes } from './modules/mail/routes.js';
import { storageRoutes } from './modules/storage/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { oidcProviderPlugin } from './modules/oidc/provider.js';
import { googleVerifier, localVerifier } from './modules/oidc/verify.js';

export interface BuildOptions {
  config: Config;
  /** An open, migrated database (tests share one); otherwise opened from config and closed with the app. */
  db?: Database;
  logger?: boolean;
  mailer?: Mailer;
}

const UNIQUE_FIELDS: Record<string, [field: string, message: string]> = {
  user_directory_user_name_key_key: ['userName', 'This user name is already taken.'],
  user_directory_email_key_key: ['email', 'An account with this email already exists.'],
  users_company_id_user_name_key: ['userName', 'This user name is already taken.'],
  roles_company_id_name_key: ['name', 'A role with this name already exists.'],
};

function validationAnswer(error: FastifyError) {
  const first = error.validation?.[0];
  const params = (first?.params ?? {}) as Record<string, unknown>;
  let field = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (typeof params.missingProperty === 'string') field = [field, params.missingProperty].filter(Boolean).join('.');
  if (typeof params.additionalProperty === 'string')
    field = [field, params.additionalProperty].filter(Boolean).join('.');
  const where = field || error.validationContext || 'body';
  let message = `${where}: ${first?.message ?? 'is not valid'}`;
  if (typeof params.additionalProperty === 'string') message = `${where}: is not an allowed field`;
  return { statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION_ERROR', field: where };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : `${config.dataDir}/pglite`,
    }));
  if (ownsDb) await migrate(db);
  app.decorate('config', config);
  app.decorate('db', db);
  const secret = config.jwtSecret ?? (await persistedSecret(db, 'jwt', () => randomBytes(48).toString('base64url')));
  app.decorate('tokens', new TokenService(secret, config.jwtTtlSeconds));
  app.decorate(
    'mailer',
    options.mailer ??
      (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db, app.log)),
  );
  app.decorateRequest('principal', null);
  app.decorate('authenticate', async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    request.principal = await app.tokens.verify(match[1]!);
  });
  app.decorate('inCompany', (request, fn) => {
    if (!request.principal) throw unauthorized();
    return inTenant(db, request.principal.companyId, fn);
  });
  if (ownsDb) app.addHook('onClose', async () => db.close());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preValidation', async (request) => {
    refuseNulCharacters(request.params);
    refuseNulCharacters(request.query);
    refuseNulCharacters(request.body);
  });

  app.setErrorHandler((error: FastifyError & { constraint?: string; code?: string }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: STATUS_CODES[error.statusCode] ?? 'Error',
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.field ? { field: error.field } : {}),
      });
    }
    if (error.validation) return reply.status(400).send(validationAnswer(error));
    if (error.code === '23505' && error.constraint && UNIQUE_FIELDS[error.constraint]) {
      const [field, message] = UNIQUE_FIELDS[error.constraint]!;
      return reply.status(409).send({ statusCode: 409, error: 'Conflict', message, code: 'CONFLICT', field });
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status < 500) {
      return reply.status(status).send({
        statusCode: status,
        error: STATUS_CODES[status] ?? 'Error',
        message: error.message,
        ...(typeof error.code === 'string' ? { code: error.code } : {}),
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: 'NOT_FOUND',
    }),
  );

  await app.register(helmet, {
    // The API answers JSON; the only HTML is /api/docs and the OpenID sign-in page.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || config.corsOrigins.includes(origin)),
    credentials: false,
    allowedHeaders: [
      'authorization',
      'content-type',
      'x-request-id',
      'apikey',
      'x-client-info',
      'x-upsert',
      'cache-control',
    ],
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Stockwise API', version: '0.1.0', description: 'Multi-tenant inventory tracking — API core.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    hideUntagged: false,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  if (config.googleClientId) {
    app.decorate('idTokens', googleVerifier(config.googleClientId));
  } else {
    const provider = await oidcProviderPlugin(app);
    app.decorate('idTokens', localVerifier(provider));
  }

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(subscriptionRoutes);
  await app.register(invitationRoutes);
  await app.register(userRoutes);
  await app.register(contactRoutes);
  if (!config.production) await app.register(devRoutes);
  await app.register(storageRoutes);
  await app.register(billingRoutes);
  await app.register(locationRoutes);
  return app;
}
