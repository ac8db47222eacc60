import { useSyncExternalStore } from 'react';
import type { QueuedKind } from './queue';
import { theTill } from './till';

/** The till's state for a screen: online or not, syncing, and the signed-in user's queue of `kind`. */
export function useTill(kind: QueuedKind) {
  const till = theTill();
  const snapshot = useSyncExternalStore(till.subscribe, till.getSnapshot);
  return {
    ...snapshot,
    entries: snapshot.entries.filter((e) => e.kind === kind),
    synced: snapshot.synced.filter((e) => e.kind === kind),
    waiting: snapshot.entries.filter((e) => e.state === 'waiting').length,
    submit: till.submit,
    dismiss: till.dismiss,
  };
}

/**
 * A scan sold while offline: queued by serial, at the item's sale price (read when it syncs), for
 * the customer chosen if any. Null when the same serial already waits (a double scan), or nobody is
 * signed in.
 */
export async function queueScan(serial: string, customerId: string | null) {
  const till = theTill();
  const twice = till
    .getSnapshot()
    .entries.some((e) => e.kind === 'sale' && e.state === 'waiting' && e.label.toLowerCase() === serial.toLowerCase());
  if (twice) return null;
  const entry = await till.enqueue('sale', { lines: [{ serial }], customerId }, serial, { priceFor: serial });
  return entry;
}

/** Whether the till should queue rather than look up: the browser is offline or the API was unreachable. */
export const tillOffline = () => !theTill().getSnapshot().online;
