import { readClaims, sessionStore } from '@stockwise/shared';
import { createStore, get, set } from 'idb-keyval';
import { failureOf } from './till';

/**
 * The last answer a user had for what a screen needs to start (reception's item types and
 * locations), kept on the device under that user so the screen still opens when a page is loaded
 * without the network. Not in the service worker's caches: those are the origin's, and another user
 * signed in on the same device would be given this one's company data (docs/decisions.md, "The
 * service worker (Workbox)").
 */
export interface LastKnownStore {
  read<T>(key: string): Promise<T | undefined>;
  write(key: string, value: unknown): Promise<void>;
}

export interface LastKnownOptions {
  store: LastKnownStore;
  /** The signed-in user (the token's subject), or null: then nothing is kept or given. */
  owner: () => string | null;
}

/** Where `resource` is kept for the signed-in user (null: nobody is, and nothing is kept or given). */
function keyOf(resource: string, owner: LastKnownOptions['owner']): string | null {
  const user = owner();
  return user ? `${user}:${resource}` : null;
}

/** The kept answer at `key`, or undefined: a blocked or broken IndexedDB reads as nothing kept. */
const readKept = <T>(store: LastKnownStore, key: string) => store.read<T>(key).catch(() => undefined);

/**
 * Loads `resource` from the API; the answer is kept for its user. When the API cannot be reached
 * (no answer, 5xx — the till's own rule), that user's kept answer is given instead; a refusal
 * (401, 403, 404) is never covered up by an old answer.
 */
export async function withLastKnown<T>(
  resource: string,
  load: () => Promise<T>,
  { store, owner }: LastKnownOptions = defaults(),
): Promise<T> {
  const key = keyOf(resource, owner);
  try {
    const value = await load();
    // Keeping is a courtesy: a full or blocked IndexedDB never fails the screen.
    if (key) await store.write(key, value).catch(() => undefined);
    return value;
  } catch (error) {
    if (!key || failureOf(error).kind !== 'network') throw error;
    const kept = await readKept<T>(store, key);
    if (kept === undefined) throw error;
    return kept;
  }
}

/**
 * The signed-in user's kept answer for `resource`, without asking the API: for a screen that
 * already knows the network is gone (undefined when nothing was kept, or nobody is signed in).
 */
export async function lastKnown<T>(resource: string, { store, owner }: LastKnownOptions = defaults()) {
  const key = keyOf(resource, owner);
  return key ? readKept<T>(store, key) : undefined;
}

let deviceStore: LastKnownStore | null = null;

function defaults(): LastKnownOptions {
  if (!deviceStore) {
    if (typeof indexedDB === 'undefined') {
      const kept = new Map<string, unknown>();
      deviceStore = {
        read: async (key) => kept.get(key) as never,
        write: async (key, value) => void kept.set(key, value),
      };
    } else {
      const store = createStore('stockwise-last-known', 'answers');
      deviceStore = { read: (key) => get(key, store), write: (key, value) => set(key, value, store) };
    }
  }
  return {
    store: deviceStore,
    owner: () => {
      const sub = readClaims(sessionStore.getState().token)?.sub;
      return typeof sub === 'string' ? sub : null;
    },
  };
}
