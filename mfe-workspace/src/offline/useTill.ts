import { useSyncExternalStore } from 'react';
import type { QueuedEntry, QueuedKind } from './queue';
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
  if (alreadyWaiting('sale', (e) => e.label.toLowerCase() === serial.toLowerCase())) return null;
  return theTill().enqueue('sale', { lines: [{ serial }], customerId }, serial, { priceFor: serial });
}

/** Whether an entry of `kind` the scan would repeat (a double scan) is still waiting on the device. */
export function alreadyWaiting(kind: QueuedKind, same: (entry: QueuedEntry) => boolean): boolean {
  return theTill()
    .getSnapshot()
    .entries.some((e) => e.kind === kind && e.state === 'waiting' && same(e));
}

/** Whether the till should queue rather than look up: the browser is offline or the API was unreachable. */
export const tillOffline = () => !theTill().getSnapshot().online;
