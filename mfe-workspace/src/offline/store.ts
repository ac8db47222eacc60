import { createStore, del, set, values } from 'idb-keyval';
import type { QueuedEntry, QueueStore } from './queue';

/** The device's IndexedDB ("stockwise-till", one object store keyed by the idempotency key). */
export function indexedDbStore(): QueueStore {
  const store = createStore('stockwise-till', 'queue');
  return {
    all: () => values<QueuedEntry>(store),
    put: (entry) => set(entry.key, entry, store),
    remove: (key) => del(key, store),
  };
}

/**
 * A store for this page only: where IndexedDB is missing (a browser that blocks it, the unit
 * tests' jsdom) the till still queues, but a reload loses the queue.
 */
export function memoryStore(): QueueStore {
  const entries = new Map<string, QueuedEntry>();
  return {
    all: async () => [...entries.values()],
    put: async (entry) => void entries.set(entry.key, JSON.parse(JSON.stringify(entry)) as QueuedEntry),
    remove: async (key) => void entries.delete(key),
  };
}
