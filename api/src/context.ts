import type { FastifyReply } from 'fastify';
import type { Config } from './config.js';
import type { Database, Queryable } from './db/database.js';
import type { AsOf, Reads } from './db/replica.js';
import type { Plans } from './db/tenant.js';
import type { Mailer } from './modules/mail/index.js';
import type { Principal, TokenService } from './modules/auth/index.js';
import type { IdTokenVerifier } from './modules/oidc/index.js';
import type { Access, Rule } from './access/index.js';
import type { EventHub } from './modules/events/index.js';
import type { ObjectStore } from './modules/storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Reads that may lag within a stated bound (reports, the dashboard): the standby's when one is configured. */
    reads: Reads;
    /** This process's LISTEN and its open event streams, by company. */
    events: EventHub;
    tokens: TokenService;
    mailer: Mailer;
    /** The stored images (storage module); other modules free what they stop referencing. */
    objects: ObjectStore;
    /** null: Google sign-in is not configured (production without GOOGLE_CLIENT_ID). */
    idTokens: IdTokenVerifier | null;
    /** onRequest hook: a valid bearer token of a user who still exists, or 401. Sets request.principal. */
    authenticate: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
    /**
     * The request's work in one transaction bound to the caller's company (RLS applies); plans: how
     * PostgreSQL plans its statements (db/tenant.ts, Plans).
     */
    inCompany: <T>(request: FastifyRequest, fn: (q: Queryable) => Promise<T>, plans?: Plans) => Promise<T>;
    /**
     * A read of the caller's company that may come from a standby, with the moment it is as of
     * (db/replica.ts). Only for reads that need not see the caller's own last write at once.
     */
    inCompanyAsOf: <T>(request: FastifyRequest, fn: (q: Queryable) => Promise<T>) => Promise<AsOf<T>>;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The caller's roles, read by the access plugin on routes that declare a rule. */
    roles: string[] | null;
    /** The caller's roles and claims, read by the access plugin on routes that declare a rule. */
    access: Access | null;
    /** Set by the inWorkTransaction hook: check the rule in the work transaction (app.inCompany). */
    checkInWork: boolean;
    /** The route's rule, not yet checked: app.inCompany checks it before the work. */
    pendingRule: Rule | null;
  }
}
