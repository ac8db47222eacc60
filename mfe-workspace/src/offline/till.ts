import { readClaims, sessionStore, toAppError } from '@stockwise/shared';
import { call } from '@stockwise/shared';
import { getItemBySerial, type ReceiveRequest, type SaleRequest } from '@/api/inventory';
import { scanSerial } from '@/api/stocktakes';
import { quantityModelByBarcode } from '@/lib/quantity-models';
import { createTillQueue, type Failure, type TillQueue } from './queue';
import { indexedDbStore, memoryStore } from './store';

/** A UUID made on the device (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer at all (offline, DNS, a dropped connection) or a server error: worth trying again. */
export function failureOf(error: unknown): Failure {
  const appError = toAppError(error, '');
  const status = appError.status;
  if (status === undefined || status >= 500 || status === 408 || status === 429) return { kind: 'network' };
  if (status === 401) return { kind: 'session' };
  if (status === 409) return { kind: 'conflict', message: appError.message };
  return { kind: 'refused', message: appError.message };
}

const headers = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** A stock-take scan as it waits on the device: which count, and the serial seen. */
export interface CountScan {
  stocktakeId: string;
  serial: string;
}

let till: TillQueue | null = null;

/** The page's one till queue (the counter screens, reception and the count share it), made on first use. */
export function theTill(): TillQueue {
  if (till) return till;
  const queue = createTillQueue({
    store: typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(),
    sender: {
      send: ({ key, kind, body }) => {
        if (kind === 'sale') return call('POST', '/api/sales', { body: body as SaleRequest }, headers(key));
        if (kind === 'count') {
          const { stocktakeId, serial } = body as CountScan;
          return scanSerial(stocktakeId, serial, key);
        }
        return call('POST', '/api/items/receive', { body: body as ReceiveRequest }, headers(key));
      },
      reach: () => call('GET', '/api/health'),
      lineFor: async (code) => {
        try {
          const item = await getItemBySerial(code);
          return item.salePrice == null ? null : { serial: code, price: item.salePrice };
        } catch (error) {
          // A code that is no item's serial may be the barcode of a model sold by quantity (a cable
          // scanned offline, before the screen could ask): one of it, at the model's price.
          if (toAppError(error, '').status !== 404) throw error;
          const model = await quantityModelByBarcode(code);
          if (!model) throw error;
          return model.salePrice == null ? null : { modelId: model.id, quantity: 1, price: model.salePrice };
        }
      },
      failureOf,
    },
    owner: () => {
      const sub = readClaims(sessionStore.getState().token)?.sub;
      return typeof sub === 'string' ? sub : null;
    },
    browserOnline: () => navigator.onLine,
    newKey,
    now: () => new Date(),
    later: (fn, ms) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
  });
  window.addEventListener('online', () => queue.changed(true));
  window.addEventListener('offline', () => queue.changed(false));
  sessionStore.subscribe((state, previous) => {
    if (state.token !== previous.token) queue.changed();
  });
  // Whether the API answers is asked as soon as the queue is read, and whatever waited from an
  // earlier visit goes then.
  void queue.loaded.then(() => queue.check());
  till = queue;
  return queue;
}
