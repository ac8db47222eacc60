// The gateway's settings read from the environment: which proxies in front of it to believe, and
// how long a client may take to send a request. TRUST_PROXY takes the same values as the API's
// (api/src/config.ts): a hop count, or the proxies' addresses, CIDRs or proxy-addr's names.

export class GatewayConfigError extends Error {}

/**
 * false (trust nobody: the client is the connecting address), a hop count, or a comma list.
 * Never "all": the client is the right-most untrusted hop of X-Forwarded-For, not the left-most,
 * which any client can write.
 */
export function parseTrustProxy(raw) {
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^(true|all|\*)$/i.test(raw)) {
    throw new GatewayConfigError(
      'TRUST_PROXY must name the proxies (addresses, CIDRs, "loopback") or a hop count, not all',
    );
  }
  const entries = raw.split(',').map((e) => e.trim());
  const named = /^(loopback|linklocal|uniquelocal)$/;
  const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  if (entries.some((e) => !named.test(e) && !address.test(e))) {
    throw new GatewayConfigError('TRUST_PROXY must be a hop count or a comma list of addresses, CIDRs or "loopback"');
  }
  return entries.join(',');
}

/**
 * What the API behind this gateway must trust so that it finds the same client: the gateway on
 * loopback, and beyond it whatever the gateway trusts (one hop more for a hop count).
 */
export function apiTrustBehind(gatewayTrust) {
  if (gatewayTrust === false) return 'loopback';
  if (typeof gatewayTrust === 'number') return String(gatewayTrust + 1);
  return `loopback,${gatewayTrust}`;
}

/** REQUEST_TIMEOUT_SECONDS: 1 to 3600, 60 by default (as the API's). */
export function parseRequestTimeout(raw) {
  if (raw === undefined || raw === '') return 60;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 3600) {
    throw new GatewayConfigError(`REQUEST_TIMEOUT_SECONDS must be an integer between 1 and 3600 (got "${raw}")`);
  }
  return n;
}

/**
 * Fastify's server options for a request timeout (the API's requestTimeouts does the same): the
 * whole request within `seconds` (Node answers 408 and closes), its headers within 20 s of that,
 * checked often enough for the cut to come on time (Node's timer runs every 30 s by default).
 * A live-update stream is a GET whose request arrives at once: these never cut it.
 */
export function requestTimeouts(seconds) {
  const requestTimeout = seconds * 1000;
  const headersTimeout = Math.min(requestTimeout, 20_000);
  return {
    requestTimeout,
    http: { headersTimeout, connectionsCheckingInterval: Math.min(5_000, Math.ceil(headersTimeout / 4)) },
  };
}
