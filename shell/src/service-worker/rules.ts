// What the service worker does with each request it sees, as plain functions of the URL (the
// worker itself, sw.ts, only wires these to Workbox strategies): unit-tested without a browser.

/**
 * Paths the worker never answers: the API and the auth, storage and identity services behind the
 * gateway. A navigation to one of them (an OAuth return, a file link) goes to the network as if
 * there were no worker, and no API answer is ever stored by the worker, with one exception below.
 */
const SERVER_PATHS = /^\/(?:api|auth\/v1|storage|oidc)(?:\/|$)/;

/**
 * The one API answer the worker keeps: GET /api/environment is the same for every caller (it is a
 * public call, sent without a token) and says whether this is a development server, which the
 * page's banner shows even offline. Everything else under /api/ belongs to a user or a company.
 */
export const ENVIRONMENT_PATH = '/api/environment';

/** The shell's document, precached with the shell's build: what an offline navigation is given. */
export const SHELL_DOCUMENT = '/index.html';

export type RequestKind =
  /** A page load: from the network, or the precached shell document when there is none. */
  | 'page'
  /** remotes.json, a remote's mf-manifest.json, remoteEntry.js or HTML: the network first. */
  | 'remote-entry'
  /** A remote's content-hashed chunk, style sheet or asset: from the cache once fetched. */
  | 'remote-chunk'
  /** The shell's content-hashed assets not precached (fonts, images): from the cache once fetched. */
  | 'shell-asset'
  /** GET /api/environment: the network first, the last answer offline. */
  | 'environment'
  /** Not the worker's: the browser fetches it as if there were no worker. */
  | 'pass';

/** File names a remote keeps across builds: they must be asked for again on every load. */
const isRemoteEntry = (file: string) =>
  file === 'remoteEntry.js' || file.endsWith('.json') || file.endsWith('.html') || file === '';

/**
 * @param url      the request's URL
 * @param origin   the worker's origin (only same-origin requests are the worker's: a remote on
 *                 a CDN is left to the browser and the CDN's own caching)
 * @param navigate whether the request is a page load (request.mode === 'navigate')
 */
export function requestKind(url: URL, origin: string, navigate: boolean): RequestKind {
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (SERVER_PATHS.test(path)) return path === ENVIRONMENT_PATH && !navigate ? 'environment' : 'pass';
  if (navigate) return path.startsWith('/remotes/') ? 'pass' : 'page';
  if (path === '/remotes.json') return 'remote-entry';
  const remote = /^\/remotes\/[^/]+\/(.*)$/.exec(path);
  if (remote) {
    const file = remote[1]!.split('/').pop() ?? '';
    return isRemoteEntry(file) ? 'remote-entry' : 'remote-chunk';
  }
  if (path.startsWith('/assets/')) return 'shell-asset';
  return 'pass';
}
