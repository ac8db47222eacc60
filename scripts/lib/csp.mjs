// The Content-Security-Policy of every document the gateway sends (docs/deploying.md, "Content
// Security Policy"). The session token lives in localStorage, so an injected script would own the
// session: scripts run only from this origin, the remotes' origins and, when configured, Google's
// and Stripe's, plus the document's own inline scripts by hash — never 'unsafe-inline'.
import { createHash } from 'node:crypto';

/** The text of every inline `<script>` (one without `src`) in a document. */
export function inlineScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(match[1])) scripts.push(match[2]);
  }
  return scripts;
}

export const scriptHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The origins remotes.json sends the browser to, other than the gateway's own (relative) paths. */
export function remoteOrigins(remotesJson) {
  const origins = new Set();
  for (const url of Object.values(remotesJson)) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
    } catch {
      // A path on this origin: 'self' covers it.
    }
  }
  return [...origins].sort();
}

/** The origin of a URL setting, or null when unset or not a URL. */
const originOf = (value) => {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/**
 * Which third parties the browser apps talk to here, from the same variables the API and the
 * browser builds read: Google Identity Services with GOOGLE_CLIENT_ID, Stripe's embedded checkout
 * with STRIPE_SECRET_KEY, and another API or storage origin the builds were pointed at.
 */
export function integrationsFromEnv(env = process.env) {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID),
    stripe: Boolean(env.STRIPE_SECRET_KEY),
    apiOrigin: originOf(env.STOCKWISE_API_URL),
    storageOrigin: originOf(env.STOCKWISE_SUPABASE_URL),
  };
}

// The lists Google's and Stripe's own CSP guides give for Google Identity Services and for Stripe.js
// with Embedded Checkout.
const GOOGLE = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
  img: [],
};
const STRIPE = {
  script: ['https://js.stripe.com'],
  style: [],
  frame: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://checkout.stripe.com',
    'https://hooks.stripe.com',
  ],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://merchant-ui-api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * The policy for one document.
 * - script-src: this origin, the remotes (their entries and chunks load by `<script src>`), the
 *   document's inline scripts by hash, and 'wasm-unsafe-eval' for the barcode reader's
 *   WebAssembly (compiling WebAssembly, not running strings as code).
 * - style-src keeps 'unsafe-inline': MUI's Emotion writes `<style>` elements at run time in every
 *   remote, and the prerendered pages carry their critical CSS inline (docs/decisions.md).
 * - frame-ancestors 'none', object-src 'none', base-uri 'none', form-action 'self'.
 */
export function contentSecurityPolicy({ html = '', remotesJson = {}, integrations = {} } = {}) {
  const remotes = remoteOrigins(remotesJson);
  const extra = (kind) => [...(integrations.google ? GOOGLE[kind] : []), ...(integrations.stripe ? STRIPE[kind] : [])];
  const api = [integrations.apiOrigin, integrations.storageOrigin].filter(Boolean);
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...hashes, "'wasm-unsafe-eval'", ...extra('script')],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes, ...extra('style')],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...api, ...extra('img')],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...api, ...extra('connect')],
    'frame-src': ["'self'", ...extra('frame')],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}
