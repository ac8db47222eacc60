import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES, session } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { createTillQueue, type Failure, type QueuedEntry } from '../src/offline/queue';
import { memoryStore } from '../src/offline/store';
import { baseItem, makeToken, renderAt, signInAs } from './helpers';

// The till that loses the network: sales wait on the device and are sent once, in order, when it
// returns; a sale refused meanwhile (sold elsewhere) stays on its line with what to do.
jest.setTimeout(30_000);

class Offline extends Error {}
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const failureOf = (error: unknown): Failure =>
  error instanceof Refused
    ? error.status === 409
      ? { kind: 'conflict', message: error.message }
      : { kind: 'refused', message: error.message }
    : { kind: 'network' };

function till(
  options: {
    owner?: string;
    online?: boolean;
    store?: ReturnType<typeof memoryStore>;
    dropSends?: number;
    /** Each send waits for this (a slow network). */
    gate?: Promise<void>;
  } = {},
) {
  let network = options.online ?? true;
  let drops = options.dropSends ?? 0;
  const sent: Array<{ key: string; body: unknown }> = [];
  const soldSerials = new Set<string>();
  const done = new Map<string, unknown>();
  const retries: Array<() => void> = [];
  let n = 0;
  const queue = createTillQueue({
    store: options.store ?? memoryStore(),
    sender: {
      send: async ({ key, body }) => {
        if (!network || drops-- > 0) throw new Offline('offline');
        sent.push({ key, body });
        await options.gate;
        // The API's idempotency: a resent key answers the first sale.
        if (done.has(key)) return done.get(key);
        const serial = (body as { lines: Array<{ serial?: string; itemId?: string }> }).lines[0]!;
        const name = serial.serial ?? serial.itemId!;
        if (soldSerials.has(name)) throw new Refused(409, `${name}: sold items cannot be sold.`);
        soldSerials.add(name);
        const answer = { id: `s-${key}`, number: done.size + 1 };
        done.set(key, answer);
        return answer;
      },
      priceOf: async (serial) => {
        if (!network) throw new Offline('offline');
        return serial === 'NO-PRICE' ? null : 99;
      },
      failureOf,
    },
    owner: () => options.owner ?? 'u1',
    browserOnline: () => network,
    newKey: () => `key-${++n}`,
    now: () => new Date(Date.UTC(2026, 10, 26, 10, 0, n)),
    later: (fn) => {
      retries.push(fn);
      return () => retries.splice(retries.indexOf(fn), 1);
    },
  });
  return {
    queue,
    sent,
    soldSerials,
    setNetwork(on: boolean) {
      network = on;
      queue.changed(on);
    },
    retries,
  };
}

describe('the till queue', () => {
  it('keeps sales made offline and sends each exactly once, in order, when the network returns', async () => {
    const t = till({ online: false });
    await t.queue.submit('sale', { lines: [{ itemId: 'A', price: 1 }] }, 'A');
    await t.queue.submit('sale', { lines: [{ itemId: 'B', price: 2 }] }, 'B');
    expect(t.queue.getSnapshot().entries.map((e) => [e.label, e.state])).toEqual([
      ['A', 'waiting'],
      ['B', 'waiting'],
    ]);
    expect(t.sent).toEqual([]);
    t.setNetwork(true);
    await t.queue.sync();
    expect(t.sent.map((s) => s.key)).toEqual(['key-1', 'key-2']);
    expect(t.queue.getSnapshot().entries).toEqual([]);
    expect(t.queue.getSnapshot().synced.map((s) => s.label)).toEqual(['B', 'A']);
    // Another round (a second online event) sends nothing again.
    await t.queue.sync();
    expect(t.sent).toHaveLength(2);
  });

  it('a sale whose send fails on the network is queued under the key it was tried with, and retried later', async () => {
    const store = memoryStore();
    const t = till({ store, dropSends: 1 });
    // The browser says online; the request never arrives.
    const result = await t.queue.submit('sale', { lines: [{ itemId: 'C', price: 3 }] }, 'C');
    expect('queued' in result && result.queued?.key).toBe('key-1');
    expect(t.queue.getSnapshot().online).toBe(false);
    expect((await store.all()).map((e) => [e.key, e.state])).toEqual([['key-1', 'waiting']]);
    expect(t.retries).toHaveLength(1);
    t.retries[0]!();
    await waitFor(() => expect(t.queue.getSnapshot().entries).toEqual([]));
    expect(t.sent.map((s) => s.key)).toEqual(['key-1']);
    expect(t.queue.getSnapshot().online).toBe(true);
  });

  it('a sale made while the queue is syncing waits its turn and goes in the same round', async () => {
    let open!: () => void;
    const t = till({ online: false, gate: new Promise((resolve) => (open = resolve)) });
    await t.queue.submit('sale', { lines: [{ itemId: 'G', price: 1 }] }, 'G');
    t.setNetwork(true);
    const round = t.queue.sync();
    await waitFor(() => expect(t.sent).toHaveLength(1));
    // Online, but an older sale still waits: this one queues behind it rather than overtaking it.
    const later = await t.queue.submit('sale', { lines: [{ itemId: 'H', price: 1 }] }, 'H');
    expect('queued' in later).toBe(true);
    open();
    await round;
    expect(t.sent.map((s) => s.key)).toEqual(['key-1', 'key-2']);
    expect(t.queue.getSnapshot().entries).toEqual([]);
  });

  it('shows a sale refused as sold elsewhere on its line with the API’s words; the next ones still go', async () => {
    const t = till({ online: false });
    await t.queue.submit('sale', { lines: [{ itemId: 'D', price: 1 }] }, 'D');
    await t.queue.submit('sale', { lines: [{ itemId: 'E', price: 1 }] }, 'E');
    t.soldSerials.add('D'); // sold through another till meanwhile
    t.setNetwork(true);
    await t.queue.sync();
    const [line] = t.queue.getSnapshot().entries;
    expect(line).toMatchObject({ label: 'D', state: 'conflict', problem: 'D: sold items cannot be sold.' });
    expect(t.queue.getSnapshot().synced.map((s) => s.label)).toEqual(['E']);
    // Not sent again by itself; the user dismisses it once dealt with.
    await t.queue.sync();
    expect(t.sent.filter((s) => s.key === line!.key)).toHaveLength(1);
    await t.queue.dismiss(line!.key);
    expect(t.queue.getSnapshot().entries).toEqual([]);
  });

  it('a scan queued offline is priced once, before its first send, and keeps that body for every resend', async () => {
    const store = memoryStore();
    const t = till({ online: false, store });
    await t.queue.enqueue('sale', { lines: [{ serial: 'SN-9' }], customerId: null }, 'SN-9', { priceFor: 'SN-9' });
    await t.queue.enqueue('sale', { lines: [{ serial: 'NO-PRICE' }], customerId: null }, 'NO-PRICE', {
      priceFor: 'NO-PRICE',
    });
    t.setNetwork(true);
    await t.queue.sync();
    expect(t.sent).toEqual([{ key: 'key-1', body: { lines: [{ serial: 'SN-9', price: 99 }], customerId: null } }]);
    expect(t.queue.getSnapshot().entries).toMatchObject([{ label: 'NO-PRICE', state: 'failed', noPrice: true }]);
  });

  it('queued sales survive a reload (the store) and only their owner’s session sends them', async () => {
    const store = memoryStore();
    const first = till({ online: false, store, owner: 'u1' });
    await first.queue.submit('sale', { lines: [{ itemId: 'F', price: 1 }] }, 'F');
    const other = till({ store, owner: 'u2' });
    await other.queue.loaded;
    await other.queue.sync();
    expect(other.queue.getSnapshot().entries).toEqual([]);
    expect(other.sent).toEqual([]);
    const again = till({ store, owner: 'u1' });
    await again.queue.loaded;
    await again.queue.sync();
    expect(again.sent.map((s) => s.key)).toEqual(['key-1']);
    expect(await store.all()).toEqual([] as QueuedEntry[]);
  });
});

describe('/actions/rapid-sell offline', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
  };
  afterEach(() => setOnline(true));

  it('queues each scan at once while offline ("waiting to sync"), then sells each once when the network returns', async () => {
    let network = false;
    const calls = mockApi((config) => {
      if (!network) return new Error('Network Error');
      const url = config.url ?? '';
      if (url === '/api/items/by-serial/SN-0001') return { status: 200, data: baseItem };
      if (url === '/api/items/by-serial/SN-0004')
        return { status: 200, data: { ...baseItem, id: 'i4', serial: 'SN-0004' } };
      if (url === '/api/sales') return { status: 201, data: { id: `s-${calls.length}`, number: calls.length } };
      return { status: 200, data: { items: [], total: 0, nextCursor: null } };
    });
    signInAs(ROLES.rapidSeller);
    // The queue is its owner's: the token's subject.
    session.setToken(makeToken({ role: [ROLES.rapidSeller], sub: 'u-offline' }));
    await act(() => i18n.changeLanguage('en'));
    setOnline(false);
    renderAt('/actions/rapid-sell');
    const scan = await screen.findByLabelText('Scan or type a serial');
    expect(await screen.findByTestId('till-status')).toHaveTextContent('Offline');
    await userEvent.type(scan, 'SN-0001{Enter}');
    await userEvent.type(scan, 'SN-0004{Enter}');
    const queue = await screen.findByTestId('till-queue');
    await waitFor(() => expect(within(queue).getAllByText(/Waiting to sync/)).toHaveLength(2));
    expect(within(queue).getByText('SN-0001')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    network = true;
    setOnline(true);
    await waitFor(() => expect(within(queue).getAllByText(/Synced — sale #/)).toHaveLength(2));
    const sales = calls.filter((c) => c.method === 'POST' && c.url === '/api/sales');
    expect(sales.map((c) => c.body)).toEqual([
      { lines: [{ serial: 'SN-0001', price: 1250.5 }], customerId: null },
      { lines: [{ serial: 'SN-0004', price: 1250.5 }], customerId: null },
    ]);
    expect(screen.getByTestId('till-status')).toHaveTextContent('Online');
  });
});

describe('/actions/inventory-reception offline', () => {
  it('keeps a reception whose request never arrives on the device and receives it once when the API answers again', async () => {
    let reachable = false;
    const keys: string[] = [];
    const phone = {
      id: 't1',
      name: 'Phone',
      serialRequired: true,
      warrantyMonths: 0,
      active: true,
      createdAt: '',
      fields: [],
    };
    const store = { id: 'l1', name: 'Main store', kind: 'store', parentId: null, active: true, createdAt: '' };
    const calls = mockApi((config) => {
      if (config.url === '/api/item-types') return { status: 200, data: { items: [phone], total: 1 } };
      if (config.url === '/api/locations') return { status: 200, data: { items: [store], total: 1 } };
      if (config.url === '/api/brands') return { status: 200, data: { items: [], total: 0 } };
      if (config.url === '/api/items/receive') keys.push(String(config.headers['Idempotency-Key']));
      if (config.url === '/api/items/receive')
        return reachable
          ? { status: 201, data: { items: [{ ...baseItem, serial: 'R-1' }] } }
          : new Error('Network Error');
      // Not asked for here (the signed-in access stays as seeded).
      return { status: 404, data: { message: 'unexpected' } };
    });
    signInAs(ROLES.newItemOperator);
    session.setToken(makeToken({ role: [ROLES.newItemOperator], sub: 'u-reception' }));
    await act(() => i18n.changeLanguage('en'));
    renderAt('/actions/inventory-reception');
    const choose = async (label: string, option: string) => {
      fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
      await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    };
    await choose('Item type', 'Phone');
    await choose('Location', 'Main store');
    await userEvent.type(screen.getByRole('textbox', { name: 'Serials' }), 'R-1');
    await userEvent.click(screen.getByRole('button', { name: 'Receive 1 item' }));
    expect(
      await screen.findByText('Saved on this device — it will be received when the network returns.'),
    ).toBeInTheDocument();
    const queue = await screen.findByTestId('till-queue');
    expect(within(queue).getByText(/Waiting to sync/)).toBeInTheDocument();
    expect(screen.getByTestId('till-status')).toHaveTextContent('Offline');

    reachable = true;
    // The retry after a network failure comes by itself (backoff), without an online event.
    await waitFor(() => expect(within(queue).getByText('Synced — received')).toBeInTheDocument(), { timeout: 5000 });
    // Every attempt (the first, each retry) was the same reception under the same key.
    const receives = calls.filter((c) => c.url === '/api/items/receive');
    expect(new Set(receives.map((c) => JSON.stringify(c.body))).size).toBe(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.getByTestId('till-status')).toHaveTextContent('Online');
  });
});
