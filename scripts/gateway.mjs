// The gateway: one origin for the whole product in the embedded setup (`npm start`).
//   /                 the shell (SPA fallback for deep links)
//   /remotes/<name>/  each remote's dist/, as a CDN would serve it
//   /remotes.json     where the shell finds each remote (no-cache)
//   /api, /auth (the auth service, /auth/v1), /storage, /oidc → the API process
// In production a CDN serves the static parts and a load balancer fronts the API; this file
// is the single-machine stand-in for both, with the same cache headers (docs/deploying.md).
import Fastify from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  composeDocument,
  documentHints,
  normalizePath,
  readPrerendered,
  readRemoteAssets,
  readShellFonts,
} from './lib/documents.mjs';
import { contentSecurityPolicy, integrationsFromEnv } from './lib/csp.mjs';
import { readBannerTexts, staticBanner } from './lib/dev-banner.mjs';
import { parseRequestTimeout, parseTrustProxy, requestTimeouts } from './lib/server-options.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

export const REMOTES = {
  mfe_public: 'mfe-public',
  mfe_workspace: 'mfe-workspace',
  mfe_settings: 'mfe-settings',
  mfe_billing: 'mfe-billing',
};
const urlName = (app) => app.replace(/^mfe-/, '');

/** The largest body any API route accepts (a storage object is 5 MB), with room for encoding. */
export const GATEWAY_BODY_LIMIT = 16 * 1024 * 1024;

/** The API's live-update stream (Server-Sent Events), proxied apart from every other request. */
export const EVENT_STREAM_PATH = '/api/events/stream';
/** Ordinary requests share this many connections to the API (@fastify/reply-from's default). */
export const UPSTREAM_POOL = { connections: 128, pipelining: 1 };

/** The tab icons keep their names (browsers ask /favicon.ico by that name): cached a day, not for good. */
const ICONS = new Set(['favicon.ico', 'favicon.svg']);

/**
 * Files that keep their names across builds: a remote's entry, and the shell's service worker
 * (a browser checks it for an update on every load; a cached copy would hold the old build).
 */
const NEVER_STALE = new Set(['remoteEntry.js', 'sw.js']);

/**
 * Entries must be revalidated on every load; the icons are cached a day; everything else is
 * content-hashed. A precompressed copy (`remoteEntry.js.br`, see precompressed() in rspack.base.js)
 * is cached as the file it encodes.
 */
export function cacheControlFor(filePath) {
  const file = basename(filePath).replace(/\.(?:br|gz)$/, '');
  if (NEVER_STALE.has(file) || file.endsWith('.json') || file.endsWith('.html')) return 'no-cache';
  return ICONS.has(file) ? 'public, max-age=86400' : 'public, max-age=31536000, immutable';
}

function cacheHeaders(reply, filePath) {
  reply.header('Cache-Control', cacheControlFor(filePath));
  // Remotes are fetched cross-origin when they live on a CDN; the manifest is read by fetch().
  reply.header('Access-Control-Allow-Origin', '*');
}

export function defaultRemotesJson() {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([name, app]) => [name, `/remotes/${urlName(app)}/mf-manifest.json`]),
  );
}

/**
 * For a client that sent `Connection: close`: keeps the connection open after a refusal until the
 * client's body has arrived (or 2 s), then closes it gracefully. Node would destroy the socket the
 * moment the answer is written, the unread remainder makes the kernel reset the connection, and the
 * client can lose the 413. A keep-alive client is left alone (Node reads the rest and the
 * connection goes on). The API does the same (lingerAfterAnswer in api/src/plugins/request-body.ts);
 * each is deployed alone, so each has its own.
 */
function lingerAfterAnswer(req, res) {
  const socket = req.socket;
  // An injected request (tests) has no connection to keep or close.
  if (res.shouldKeepAlive || typeof socket?.end !== 'function') return;
  res.shouldKeepAlive = true;
  res.once('finish', () => {
    const close = () => socket.end();
    if (req.complete) return close();
    req.once('end', close);
    setTimeout(close, 2000).unref();
  });
}

/**
 * @param {object} [options]
 * @param {string|string[]} [options.apiUrl] where /api, /storage and /oidc go; several API replicas:
 *                                            requests spread over them (undici's BalancedPool)
 * @param {Record<string,string>} [options.remotesJson] overrides entries of remotes.json
 * @param {Record<string,string>} [options.remoteDirs]  app name → dist folder to serve instead
 * @param {string} [options.shellDir]                   the shell's dist folder
 * @param {false|number|string} [options.trustProxy]    the proxies in front (parseTrustProxy)
 * @param {number} [options.requestTimeoutSeconds]      how long a client may take to send a request
 * @param {object} [options.integrations]               third parties the CSP allows (integrationsFromEnv)
 */
export async function buildGateway({
  apiUrl = 'http://127.0.0.1:8081',
  remotesJson = {},
  remoteDirs = {},
  shellDir = join(root, 'shell', 'dist'),
  logger = false,
  trustProxy = false,
  requestTimeoutSeconds = 60,
  integrations = {},
} = {}) {
  // Closing ends open live-update streams outright: a graceful close would wait up to 15 minutes for
  // each one (and for the upstream request the stream proxy holds for it).
  const app = Fastify({ logger, trustProxy, forceCloseConnections: true, ...requestTimeouts(requestTimeoutSeconds) });

  await app.register(helmet, {
    // Documents get their own policy (sendShell: it names each one's inline scripts by hash);
    // the API's answers passed through here keep the API's.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // What is compressed here is what no build could: the documents and the API's answers. The
  // builds' files arrive compressed already (preCompressed below).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });

  // Bodies are read whole (up to the largest the API takes on any route) before they are passed
  // on: an over-size body is our 413 at once, and a body the API refuses early is no broken pipe.
  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    // Handed on as a stream of the bytes read, so the proxy sends them as they came.
    api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: GATEWAY_BODY_LIMIT }, (_req, body, done) =>
      done(null, Readable.from(body)),
    );
    api.setErrorHandler((error, req, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 502;
      // Answered at once and the rest of the body read and thrown away (as the API does,
      // api/src/plugins/request-body.ts): closing while the client still sends would reset the
      // connection and lose the 413. Bodies announced over twice the limit are not worth reading.
      if (status === 413 && !(Number(req.headers['content-length']) > 2 * GATEWAY_BODY_LIMIT)) {
        reply.removeHeader('connection');
        lingerAfterAnswer(req.raw, reply.raw);
      }
      return reply.code(status).send({
        statusCode: status,
        error: status === 413 ? 'Payload Too Large' : status === 502 ? 'Bad Gateway' : 'Bad Request',
        message:
          status === 413
            ? `The request body is larger than ${GATEWAY_BODY_LIMIT / 1024 / 1024} MB.`
            : status === 502
              ? 'The API is not answering. Please try again.'
              : error.message,
      });
    });
    // The auth service is /auth/v1 only: /auth/callback is the shell's page (the identity provider's return).
    for (const prefix of ['/api', '/auth/v1', '/storage', '/oidc']) await registerApiProxy(api, prefix);
    // Live-update streams stay open for minutes: through the pool above, 128 of them would leave
    // every other request of every company waiting for a connection. They get connections of
    // their own, as many as are open; the API caps how many each user and company may hold.
    await registerApiProxy(api, EVENT_STREAM_PATH, { connections: null });
  });

  async function registerApiProxy(scope, prefix, undici = {}) {
    await scope.register(proxy, {
      upstream: apiUrl,
      prefix,
      rewritePrefix: prefix,
      http2: false,
      undici: { ...UPSTREAM_POOL, ...undici },
      // Our own parser above reads the body; the proxy must not add its streaming one.
      preValidation: async () => {},
      // The API trusts these for per-address limits and links (startProduct gives it the
      // gateway's trust plus loopback); it listens on loopback, so only this gateway can set them.
      replyOptions: {
        // Several replicas: reply-from spreads requests over them (undici's BalancedPool, given the
        // list as `upstream`); the proxy still builds each request's URL from one of them.
        ...(Array.isArray(apiUrl) ? { getUpstream: () => apiUrl[0] } : {}),
        rewriteRequestHeaders: (req, headers) => {
          // The body is already here in full: nothing for the API to continue.
          const { expect: _expect, ...rest } = headers;
          return {
            ...rest,
            'x-forwarded-for': forwardedFor(req),
            'x-forwarded-proto': req.protocol,
            'x-forwarded-host': req.host,
          };
        },
      },
    });
  }

  /**
   * The chain the API is to read: the client as the gateway found it (behind the proxies
   * TRUST_PROXY names), the trusted proxies after it, and the address that connected here.
   * Whatever an untrusted client wrote further left is dropped, never passed on.
   */
  const forwardedFor = (req) => (req.ips ? [...req.ips].reverse().join(', ') : req.ip);

  const currentRemotes = () => ({ ...defaultRemotesJson(), ...remotesJson });
  app.get('/remotes.json', (_req, reply) => {
    reply.header('Cache-Control', 'no-cache').send(currentRemotes());
  });

  const remoteDir = (app_) => remoteDirs[app_] ?? join(root, app_, 'dist');
  /**
   * The prerendered page for a path, from the remote that remotes.json names now — only when
   * that remote is the one served here: the markup must be from the same release that will
   * hydrate it. A remote on another origin gets the plain document (it renders on the client).
   */
  const prerenderedFor = (path) => {
    const config = currentRemotes();
    for (const [name, app_] of Object.entries(REMOTES)) {
      if (config[name] !== defaultRemotesJson()[name]) continue;
      const page = readPrerendered(remoteDir(app_), path);
      if (page) return { page, remote: name };
    }
    return null;
  };

  for (const app_ of Object.values(REMOTES)) {
    const dir = remoteDir(app_);
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${urlName(app_)}/`,
      decorateReply: false,
      setHeaders: cacheHeaders,
      // A remote that has not been built answers 404 (its folder is missing, or appears once it is
      // built), which the shell shows as its fallback. No allowedPath: with one, @fastify/static
      // lists every folder of the path on each request to check its spelling.
      suppressWarning: true,
      preCompressed: true,
    });
  }

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    setHeaders: cacheHeaders,
    index: false,
    wildcard: true,
    preCompressed: true,
  });

  // Deep links: any GET that is not a file, an API call or a remote asset gets the shell —
  // with the page already in it when a remote prerendered that path.
  const indexHtml = () => readFileSync(join(shellDir, 'index.html'), 'utf8');
  // The banner's markup, once GET /api/environment has answered ('' outside development): a page
  // shown before the app boots says in its markup which stand-ins are in use (dev-banner.mjs).
  // Asked again until it answers; the answer and the texts do not change while the gateway runs.
  let banner = null;
  const bannerFor = async () => {
    if (banner === null) {
      try {
        const upstream = Array.isArray(apiUrl) ? apiUrl[0] : apiUrl;
        const answer = await fetch(`${upstream}/api/environment`, { signal: AbortSignal.timeout(2000) });
        if (!answer.ok) return '';
        const environment = await answer.json();
        banner = environment.mode === 'development' ? staticBanner(environment, readBannerTexts()) : '';
      } catch {
        return '';
      }
    }
    return banner;
  };
  const sendShell = async (reply, url) => {
    const found = prerenderedFor(normalizePath(url));
    // Read on every request, like the page: a remote rolled forward or back by remotes.json is
    // hinted as it is now, never as it was when the gateway started.
    const remote = found ? readRemoteAssets(remoteDir(REMOTES[found.remote]), currentRemotes()[found.remote]) : null;
    const hints = documentHints({
      remote,
      fonts: found ? readShellFonts(shellDir) : null,
      onIntent: Boolean(found?.page.bootOnIntent),
      page: found?.page,
    });
    const html = composeDocument(indexHtml(), found?.page, {
      remote: found?.remote,
      hints,
      prefetch: remote?.scripts ?? [],
      banner: found ? await bannerFor() : '',
    });
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', contentSecurityPolicy({ html, remotesJson: currentRemotes(), integrations }))
      .type('text/html')
      .send(html);
  };
  app.get('/', (req, reply) => sendShell(reply, req.url));
  // The shell's document by its file name is what the service worker precaches and gives a page
  // loaded offline: composed and sent with its policy like any page, not as a bare file.
  app.get('/index.html', (req, reply) => sendShell(reply, req.url));
  app.setNotFoundHandler((req, reply) => {
    const accept = req.headers.accept ?? '';
    const isPage =
      req.method === 'GET' &&
      accept.includes('text/html') &&
      !req.url.startsWith('/remotes/') &&
      !req.url.startsWith('/api/');
    if (!isPage) return reply.code(404).send({ message: 'Not found' });
    return sendShell(reply, req.url);
  });

  return app;
}

/**
 * One remote's dist/ on its own origin, as a CDN path would serve it (used to ship or test a
 * remote alone: `node scripts/gateway.mjs --remote mfe-billing/dist --port 9001`).
 */
export async function buildRemoteServer(dir) {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir, prefix: '/', setHeaders: cacheHeaders, preCompressed: true });
  return app;
}

/** The gateway's own settings from the environment (docs/deploying.md). */
export function gatewayOptionsFromEnv(env = process.env) {
  return {
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutSeconds: parseRequestTimeout(env.REQUEST_TIMEOUT_SECONDS),
    integrations: integrationsFromEnv(env),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT || 8080);
  const app = await buildGateway({
    apiUrl: process.env.API_URL || 'http://127.0.0.1:8081',
    logger: { level: 'warn' },
    ...gatewayOptionsFromEnv(),
  });
  await app.listen({ port, host: process.env.HOST || '127.0.0.1' });
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
