/** The product under test listens here (gateway) and one above (API). */
export const E2E_PORT = Number(process.env.E2E_PORT || 8180);
/** Stand-alone remote servers started by tests (a remote "on its own CDN"); E2E_REMOTE_PORT moves it. */
export const REMOTE_SERVER_PORT = Number(process.env.E2E_REMOTE_PORT || E2E_PORT + 10);
/** A second gateway in front of the suite's API (gateway.spec.ts, behind a TLS proxy). */
export const PROXY_GATEWAY_PORT = E2E_PORT + 20;
/**
 * A product of its own (gateway, and its API one above) with other settings (hosted-session.spec.ts):
 * apart from the proxy gateway's port, since the two workers may run both files at once.
 */
export const SECOND_PRODUCT_PORT = E2E_PORT + 30;
