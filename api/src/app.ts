import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { stricterFormats } from './lib/formats.js';
import { compileSchemasOnFirstUse } from './lib/lazy-schemas.js';
import { openDatabase, type Database } from './db/database.js';
import { openReads } from './db/replica.js';
import { migrate } from './db/migrations.js';
import { accessPlugin } from './access/index.js';
import { thisMachineOnly } from './lib/network.js';
import './context.js';
// Modules: each one's index.ts is its public face (constants, services other modules use); its
// routes.ts is the HTTP plugin, mounted here and imported by nothing else, so using a module's
// service never pulls in its routes (and their imports) — the cause of the import cycles once.
import type { Mailer } from './modules/mail/index.js';
import { adaptersPlugin } from './plugins/adapters.js';
import { authenticationPlugin } from './plugins/authentication.js';
import { errorsPlugin, type ConstraintMessages } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { requestBodyPlugin } from './plugins/request-body.js';
import { queryStringPlugin } from './plugins/query-string.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { healthRoutes } from './modules/health/routes.js';
import { environmentRoutes } from './modules/environment/routes.js';
import { AUTH_CONSTRAINTS, AUTH_PREFIX } from './modules/auth/index.js';
import { authRoutes } from './modules/auth/routes.js';
import { HOSTED_AUTH_PREFIX, SSO_CONSTRAINTS, SSO_PROVIDERS_PREFIX } from './modules/hosted-auth/index.js';
import { hostedAuthRoutes, redirectRoutes, ssoProviderRoutes } from './modules/hosted-auth/routes.js';
import { mfaRoutes } from './modules/mfa/routes.js';
import { COMPANY_PREFIX } from './modules/companies/index.js';
import { companyRoutes } from './modules/companies/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { CONTACT_PREFIX } from './modules/contact/index.js';
import { contactRoutes } from './modules/contact/routes.js';
import { devRoutes } from './modules/mail/routes.js';
import { fileObjectStore } from './modules/storage/index.js';
import { storageRoutes } from './modules/storage/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { CATALOGUE_CONSTRAINTS } from './modules/catalogue/index.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { ROLE_CONSTRAINTS } from './modules/roles/index.js';
import { roleRoutes } from './modules/roles/routes.js';
import { ITEM_CONSTRAINTS } from './modules/items/index.js';
import { itemRoutes } from './modules/items/routes.js';
import { saleRoutes } from './modules/sales/routes.js';
import { WARRANTY_CONSTRAINTS, warrantyRoutes } from './modules/warranty/index.js';
import { STOCKTAKE_CONSTRAINTS, stocktakeRoutes } from './modules/stocktakes/index.js';
import { quantityStockRoutes } from './modules/quantity-stock/index.js';
import { LOAN_CONSTRAINTS, loanRoutes } from './modules/loans/index.js';
import { PRODUCT_MODEL_CONSTRAINTS, productModelRoutes } from './modules/product-models/index.js';
import { alertDevRoutes, alertRoutes } from './modules/alerts/index.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { EventHub } from './modules/events/index.js';
import { eventRoutes } from './modules/events/routes.js';
import { importRoutes } from './modules/imports/routes.js';
import { auditRoutes } from './modules/audit/index.js';
import { purchaseOrderRoutes } from './modules/purchase-orders/index.js';

export interface BuildOptions {
  config: Config;
  /** An open, migrated database (tests share one); otherwise opened from config and closed with the app. */
  db?: Database;
  logger?: boolean;
  mailer?: Mailer;
}

/** Unique constraints the client can run into, as field + message (409). */
const CONSTRAINTS: ConstraintMessages = {
  ...AUTH_CONSTRAINTS,
  ...SSO_CONSTRAINTS,
  ...ROLE_CONSTRAINTS,
  ...CATALOGUE_CONSTRAINTS,
  ...ITEM_CONSTRAINTS,
  ...WARRANTY_CONSTRAINTS,
  ...STOCKTAKE_CONSTRAINTS,
  ...LOAN_CONSTRAINTS,
  ...PRODUCT_MODEL_CONSTRAINTS,
};

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * A slow sender is cut off: the whole request within `seconds` (Node answers 408 and closes),
 * its headers within 20 s of that. Node checks these on a timer (30 s by default), so the timer
 * runs at a fraction of the shortest timeout for the cut to come on time.
 */
export function requestTimeouts(seconds: number) {
  const requestTimeout = seconds * 1000;
  const headersTimeout = Math.min(requestTimeout, 20_000);
  return {
    requestTimeout,
    http: { headersTimeout, connectionsCheckingInterval: Math.min(5_000, Math.ceil(headersTimeout / 4)) },
  };
}

const AJV = {
  customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false },
  // After ajv-formats (which runs after any `plugins`), so these narrow its formats.
  onCreate: stricterFormats,
};

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
    ...requestTimeouts(config.requestTimeoutSeconds),
    // A hop count trusts that many proxies nearest to us (proxy-addr's rule for a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ajv: AJV,
    // Fastify gives up on a plugin after 10 s by default; outside production the adapters plugin
    // loads the embedded sign-in provider, which took longer than that on this machine at a load
    // of 27–56 and ended the API's start (the browser suite's product, the failover test's
    // replicas: docs/benchmarks.md, "CI time", session 15). A plugin that never finishes still fails.
    pluginTimeout: 120_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  compileSchemasOnFirstUse(app, AJV);

  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : `${config.dataDir}/pglite`,
    }));
  if (ownsDb) {
    await migrate(db);
    app.addHook('onClose', async () => db.close());
  }
  app.decorate('config', config);
  app.decorate('db', db);
  const reads = openReads(db, config.databaseReadUrl, config.databaseReadMaxLagSeconds * 1000, (m) => app.log.warn(m));
  app.addHook('onClose', async () => reads.close());
  app.decorate('reads', reads);
  app.decorate('objects', await fileObjectStore(`${config.dataDir}/storage`));
  const events = new EventHub();
  await events.start(db);
  app.decorate('events', events);
  // Which roles may read each resource, from the routes' own rules: a stream shows only those (events/readers.ts).
  app.addHook('onRoute', (route) => events.readers.learn(route));
  // Open streams would keep the server from closing: they end first (browsers reconnect elsewhere).
  app.addHook('preClose', async () => events.close());
  // A callback hook, not an async one: every request runs it, and an async hook costs a promise and a tick.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin, { constraints: CONSTRAINTS });
  await app.register(requestBodyPlugin);
  await app.register(queryStringPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(openApiPlugin);
  await app.register(adaptersPlugin, options.mailer ? { mailer: options.mailer } : {});
  await app.register(authenticationPlugin);
  await app.register(accessPlugin);

  await app.register(healthRoutes);
  await app.register(environmentRoutes);
  await app.register(authRoutes, { prefix: AUTH_PREFIX });
  await app.register(hostedAuthRoutes, { prefix: HOSTED_AUTH_PREFIX });
  await app.register(redirectRoutes, { prefix: HOSTED_AUTH_PREFIX });
  await app.register(ssoProviderRoutes, { prefix: SSO_PROVIDERS_PREFIX });
  await app.register(companyRoutes, { prefix: COMPANY_PREFIX });
  await app.register(mfaRoutes);
  await app.register(subscriptionRoutes);
  await app.register(invitationRoutes);
  await app.register(userRoutes);
  await app.register(contactRoutes, { prefix: CONTACT_PREFIX });
  // The mail outbox is a development stand-in: never in production, and for this machine only.
  if (!config.production) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', thisMachineOnly);
      await scope.register(devRoutes);
      await scope.register(alertDevRoutes);
    });
  }
  await app.register(storageRoutes);
  await app.register(billingRoutes);
  await app.register(roleRoutes);
  await app.register(catalogueRoutes);
  await app.register(itemRoutes);
  await app.register(saleRoutes);
  await app.register(warrantyRoutes);
  await app.register(stocktakeRoutes);
  await app.register(loanRoutes);
  await app.register(productModelRoutes);
  await app.register(quantityStockRoutes);
  await app.register(alertRoutes);
  await app.register(taskRoutes);
  await app.register(reportRoutes);
  await app.register(eventRoutes);
  await app.register(importRoutes);
  await app.register(auditRoutes);
  await app.register(purchaseOrderRoutes);
  return app;
}
