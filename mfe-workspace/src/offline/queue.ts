/** What waits on the device: a sale, a reception, or one scan of a stock-take's count. */
export type QueuedKind = 'sale' | 'receive' | 'count';

/**
 * One sale, reception or count scan made while the till could not reach the API, waiting on the device.
 * `key` is its Idempotency-Key, made on the device before the first attempt: however often it is
 * sent (a retry, a second tab, a lost answer), the API does it once.
 */
export interface QueuedEntry {
  key: string;
  /** The user who made it (their token's subject): only their own queue syncs with their session. */
  owner: string;
  kind: QueuedKind;
  /** What the till shows for it: the serial(s). */
  label: string;
  body: unknown;
  /**
   * A scan sold offline by its code alone: what it names (an item's serial, or the barcode of a
   * model sold by quantity) and its sale price are read once, before the first send.
   */
  priceFor?: string;
  queuedAt: string;
  /** conflict: the API refused it as things stand (sold elsewhere meanwhile); failed: refused otherwise. */
  state: 'waiting' | 'conflict' | 'failed';
  /** The API's words for a conflict or refusal. */
  problem?: string;
  /** Failed because the item has no sale price to sell it at. */
  noPrice?: true;
}

/**
 * Where queued sales and receptions wait on the device (IndexedDB, kept across reloads and
 * restarts; `store.ts` gives the two kinds). Declared here, by the queue that needs it, so the
 * stores depend on the queue's entry and not the other way round.
 */
export interface QueueStore {
  all(): Promise<QueuedEntry[]>;
  put(entry: QueuedEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface SyncedEntry {
  key: string;
  kind: QueuedKind;
  label: string;
  queuedAt: string;
  /** What was sent (a screen tells its own entries by it: one count's scans among others'). */
  body: unknown;
  answer: unknown;
}

/** How a send went wrong: only 'network' (and a server error) is tried again by itself. */
export type Failure =
  | { kind: 'network' }
  | { kind: 'session' }
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; message: string };

/** A sale's line for one scanned code, at its sale price: an item by serial, or one of a model by quantity. */
export type ScannedLine = { serial: string; price: number } | { modelId: string; quantity: number; price: number };

export interface Sender {
  send(entry: Pick<QueuedEntry, 'key' | 'kind' | 'body'>): Promise<unknown>;
  /** A request that only asks whether the API answers (nothing is sent or changed). */
  reach(): Promise<unknown>;
  /**
   * The line a code scanned offline sells: the item with that serial, or — no item has it — one of
   * the model tracked by quantity whose barcode it is; null when what it names has no sale price.
   */
  lineFor(code: string): Promise<ScannedLine | null>;
  failureOf(error: unknown): Failure;
}

export interface TillSnapshot {
  /** The browser says it is online and the last request reached the API. */
  online: boolean;
  syncing: boolean;
  /** The signed-in user's queue, oldest first. */
  entries: QueuedEntry[];
  /** Sent from the queue in this page's life, newest first. */
  synced: SyncedEntry[];
}

export interface TillDeps {
  store: QueueStore;
  sender: Sender;
  owner: () => string | null;
  browserOnline: () => boolean;
  newKey: () => string;
  now: () => Date;
  /** Runs fn after ms; answers a cancel. */
  later: (fn: () => void, ms: number) => () => void;
}

// A till with nothing to tell it the network is back (the browser's word alone) finds out at its
// next try: at most this long after the network returns, a sale waiting on the device is sent.
const MAX_BACKOFF_MS = 15_000;

/** The device's queue of sales and receptions: kept in `store`, sent in order, each exactly once. */
export function createTillQueue(deps: TillDeps) {
  let entries: QueuedEntry[] = [];
  let synced: SyncedEntry[] = [];
  let reachable = true;
  let running: Promise<void> | null = null;
  let failures = 0;
  let cancelRetry: (() => void) | null = null;
  const listeners = new Set<() => void>();
  let snapshot = build();
  const loaded = deps.store.all().then((stored) => {
    entries = [...stored, ...entries.filter((e) => !stored.some((s) => s.key === e.key))].sort((a, b) =>
      a.queuedAt.localeCompare(b.queuedAt),
    );
    emit();
  });

  function build(): TillSnapshot {
    const owner = deps.owner();
    return {
      online: reachable && deps.browserOnline(),
      syncing: running !== null,
      entries: entries.filter((e) => e.owner === owner),
      synced,
    };
  }
  function emit() {
    snapshot = build();
    listeners.forEach((listener) => listener());
  }
  async function save(entry: QueuedEntry) {
    entries = entries.map((e) => (e.key === entry.key ? entry : e));
    await deps.store.put(entry);
    emit();
  }

  function retryLater() {
    cancelRetry?.();
    const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures);
    failures += 1;
    cancelRetry = deps.later(() => void check(), wait);
  }

  /** The API did not answer: the till says offline and tries again later. */
  function unreachable() {
    reachable = false;
    emit();
    retryLater();
  }

  /**
   * Asks the API whether it answers, and sends what waits when it does. The browser's word is not
   * enough: it says online on a shop's Wi-Fi whose line is down, and a reloaded page may hear no
   * "offline" at all, so a till that only waited for its first sale to fail said Online until then.
   */
  async function check() {
    cancelRetry?.();
    cancelRetry = null;
    if (!deps.browserOnline()) return; // its "online" event comes back through changed(true)
    try {
      await deps.sender.reach();
    } catch (error) {
      // Any answer, even a refusal, is the API answering; only no answer (or a 5xx) is not.
      if (deps.sender.failureOf(error).kind === 'network') {
        unreachable();
        return;
      }
    }
    reachable = true;
    emit();
    await sync();
  }

  /** Sends the owner's waiting entries oldest first; a network failure stops the round and retries later. */
  async function round() {
    await loaded;
    const owner = deps.owner();
    if (!owner) return;
    // One at a time, oldest first, until none waits: a sale queued during the round goes in it too.
    const tried = new Set<string>();
    let queued: QueuedEntry | undefined;
    while ((queued = entries.find((e) => e.owner === owner && e.state === 'waiting' && !tried.has(e.key)))) {
      tried.add(queued.key);
      let entry = queued;
      try {
        if (entry.priceFor !== undefined) {
          const line = await deps.sender.lineFor(entry.priceFor);
          if (line === null) {
            await save({ ...entry, state: 'failed', noPrice: true });
            continue;
          }
          const { priceFor: _priced, ...rest } = entry;
          // Fixed before the first send: every resend carries the same body under the same key.
          entry = { ...rest, body: { ...(entry.body as object), lines: [line] } };
          await save(entry);
        }
        const answer = await deps.sender.send(entry);
        await deps.store.remove(entry.key);
        entries = entries.filter((e) => e.key !== entry.key);
        synced = [
          { key: entry.key, kind: entry.kind, label: entry.label, queuedAt: entry.queuedAt, body: entry.body, answer },
          ...synced,
        ];
        reachable = true;
        failures = 0;
        emit();
      } catch (error) {
        const failure = deps.sender.failureOf(error);
        if (failure.kind === 'network') {
          unreachable();
          return;
        }
        // Signed out or session over: the entries wait for the next sign-in of their owner.
        if (failure.kind === 'session') return;
        await save({ ...entry, state: failure.kind === 'conflict' ? 'conflict' : 'failed', problem: failure.message });
      }
    }
  }

  function sync(): Promise<void> {
    if (running) return running;
    cancelRetry?.();
    cancelRetry = null;
    running = round().finally(() => {
      running = null;
      emit();
    });
    emit();
    return running;
  }

  async function enqueue(
    kind: QueuedKind,
    body: unknown,
    label: string,
    options: { key?: string; priceFor?: string } = {},
  ): Promise<QueuedEntry | null> {
    const owner = deps.owner();
    if (!owner) return null;
    const entry: QueuedEntry = {
      key: options.key ?? deps.newKey(),
      owner,
      kind,
      label,
      body,
      ...(options.priceFor !== undefined ? { priceFor: options.priceFor } : {}),
      queuedAt: deps.now().toISOString(),
      state: 'waiting',
    };
    entries = [...entries, entry];
    emit();
    await deps.store.put(entry);
    return entry;
  }

  /**
   * Sends a sale or reception now when the till is online and nothing is waiting before it;
   * otherwise (offline, a queue to keep in order, or the send failing on the network) queues it
   * under the key it was first tried with. A refusal from the API is thrown as usual.
   */
  async function submit(kind: QueuedKind, body: unknown, label: string) {
    const key = deps.newKey();
    const waiting = build().entries.some((e) => e.state === 'waiting');
    if (!snapshot.online || waiting) {
      const queued = await enqueue(kind, body, label, { key });
      if (!queued) throw new Error('Not signed in: nothing can be kept for this sale.');
      if (snapshot.online) void sync();
      return { queued };
    }
    try {
      const answer = await deps.sender.send({ key, kind, body });
      reachable = true;
      emit();
      return { answer };
    } catch (error) {
      if (deps.sender.failureOf(error).kind !== 'network') throw error;
      const queued = await enqueue(kind, body, label, { key });
      // Nobody to keep it for (signed out meanwhile): the failure is the answer.
      if (!queued) throw error;
      unreachable();
      return { queued };
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    enqueue,
    submit,
    sync,
    check,
    /** The browser went on- or offline; the session changed (another owner's queue is shown). */
    changed(online?: boolean) {
      if (online === true) {
        reachable = true;
        failures = 0;
      }
      emit();
      if (snapshot.online) void sync();
    },
    /** A conflict or refusal the user has dealt with leaves the queue. */
    async dismiss(key: string) {
      entries = entries.filter((e) => e.key !== key);
      await deps.store.remove(key);
      emit();
    },
    loaded,
  };
}

export type TillQueue = ReturnType<typeof createTillQueue>;
