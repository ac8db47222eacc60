/** The product under test listens here (gateway) and one above (API). */
export const E2E_PORT = Number(process.env.E2E_PORT || 8180);
/** Stand-alone remote servers started by tests (a remote "on its own CDN"); E2E_REMOTE_PORT moves it. */
export const REMOTE_SERVER_PORT = Number(process.env.E2E_REMOTE_PORT || E2E_PORT + 10);
