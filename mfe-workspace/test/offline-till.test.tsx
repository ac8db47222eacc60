import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES, session } from '@stockwise/shared';
import { mockApi, type Reply } from '../../shared/test/mock-api';
import { createTillQueue, type Failure, type QueuedEntry } from '../src/offline/queue';
import { memoryStore } from '../src/offline/store';
import { theTill } from '../src/offline/till';
import { accessAnswer, baseItem, cable, makeToken, renderAt, signInAs } from './helpers';

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
    /** The browser says online, but the API does not answer (a shop's line down behind its Wi-Fi). */
    lineDown?: boolean;
  } = {},
) {
  let network = options.online ?? true;
  let lineDown = options.lineDown ?? false;
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
        if (!network || lineDown || drops-- > 0) throw new Offline('offline');
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
      reach: async () => {
        if (!network || lineDown) throw new Offline('offline');
      },
      lineFor: async (code) => {
        if (!network) throw new Offline('offline');
        if (code === 'NO-PRICE') return null;
        // No item has this serial: it is the barcode of a model sold by quantity.
        if (code === '8690001') return { modelId: 'm1', quantity: 1, price: 5 };
        return { serial: code, price: 99 };
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
    /** The shop's line behind its Wi-Fi: the browser hears nothing of it. */
    setLine(up: boolean) {
      lineDown = !up;
    },
    retries,
  };
}

/** The browser's word on the network, as a page hears it (navigator.onLine and its events). */
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/**
 * The API a seller's counter talks to while `network()`: a seller's access, `answer`'s replies, and
 * an empty page for anything else; no answer at all while the network is gone.
 */
function counterApi(network: () => boolean, answer: (url: string) => Reply | undefined) {
  return mockApi((config) => {
    if (!network()) return new Error('Network Error');
    const url = config.url ?? '';
    if (url === '/api/access') return accessAnswer(['items.view', 'items.sell', 'customers.view']);
    return answer(url) ?? { status: 200, data: { items: [], total: 0, nextCursor: null } };
  });
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

  it('says offline from the start when the API does not answer though the browser says online, and online once it does', async () => {
    const t = till({ lineDown: true });
    await t.queue.check();
    expect(t.queue.getSnapshot().online).toBe(false);
    // So a sale goes to the queue at once instead of waiting on a request that will not arrive.
    const result = await t.queue.submit('sale', { lines: [{ itemId: 'D', price: 4 }] }, 'D');
    expect('queued' in result && result.queued?.state).toBe('waiting');
    expect(t.sent).toEqual([]);
    // The line comes back; the browser says nothing. The till's next try finds it and sends the sale.
    t.setLine(true);
    expect(t.retries).toHaveLength(1);
    t.retries[0]!();
    await waitFor(() => expect(t.queue.getSnapshot().entries).toEqual([]));
    expect(t.sent.map((s) => s.key)).toEqual(['key-1']);
    expect(t.queue.getSnapshot().online).toBe(true);
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

  it('a code queued offline that is no serial but a model’s barcode is sold as one of that model', async () => {
    const t = till({ online: false });
    await t.queue.enqueue('sale', { lines: [{ serial: '8690001' }], customerId: 'c1' }, '8690001', {
      priceFor: '8690001',
    });
    t.setNetwork(true);
    await t.queue.sync();
    expect(t.sent).toEqual([
      { key: 'key-1', body: { lines: [{ modelId: 'm1', quantity: 1, price: 5 }], customerId: 'c1' } },
    ]);
    expect(t.queue.getSnapshot().entries).toEqual([]);
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

describe('/actions/rapid-sell offline: a model sold by quantity', () => {
  afterEach(() => setOnline(true));
  /** The API with a cable sold by quantity (no item has its barcode as a serial), while `network()`. */
  const cableApi = (network: () => boolean) =>
    counterApi(network, (url) => {
      if (url.startsWith('/api/items/by-serial/')) return { status: 404, data: { message: 'No item has it.' } };
      if (url === '/api/product-models') return { status: 200, data: { items: [cable], nextCursor: null } };
      if (url === '/api/sales') return { status: 201, data: { id: 's-cable', number: 77 } };
      return undefined;
    });

  it('a barcode this device has seen starts its line offline; each scan adds one and the sale waits as model × quantity', async () => {
    let network = true;
    const calls = cableApi(() => network);
    signInAs(ROLES.rapidSeller);
    session.setToken(makeToken({ role: [ROLES.rapidSeller], sub: 'u-cable' }));
    await act(() => i18n.changeLanguage('en'));
    renderAt('/actions/rapid-sell');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await userEvent.type(scan, '8690001{Enter}');
    expect(await screen.findByTestId('quantity-line')).toHaveTextContent('USB-C cable');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('quantity-line')).not.toBeInTheDocument());

    network = false;
    setOnline(false);
    expect(await screen.findByTestId('till-status')).toHaveTextContent('Offline');
    await userEvent.type(scan, '8690001{Enter}');
    const line = await screen.findByTestId('quantity-line');
    await userEvent.type(scan, '8690001{Enter}');
    await waitFor(() => expect(within(line).getByLabelText('Quantity')).toHaveValue('2'));
    // Enter in the empty scan field sells the line: kept on the device, not queued as a serial.
    await userEvent.type(scan, '{Enter}');
    expect(
      await screen.findByText('Saved on this device — it will be sold when the network returns.'),
    ).toBeInTheDocument();
    expect(within(await screen.findByTestId('till-queue')).getByText('2 × USB-C cable')).toBeInTheDocument();

    network = true;
    setOnline(true);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/sales')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { lines: [{ modelId: 'm1', quantity: 2, price: 5 }], customerId: null },
    ]);
  });

  it('a barcode never seen here waits as scanned, and is sold as one of its model when the network returns', async () => {
    let network = false;
    const calls = cableApi(() => network);
    signInAs(ROLES.rapidSeller);
    session.setToken(makeToken({ role: [ROLES.rapidSeller], sub: 'u-cable-new' }));
    await act(() => i18n.changeLanguage('en'));
    setOnline(false);
    renderAt('/actions/rapid-sell');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await userEvent.type(scan, '8690001{Enter}');
    expect(await screen.findByText(/8690001 is saved on this device/)).toBeInTheDocument();

    network = true;
    setOnline(true);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/sales')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { lines: [{ modelId: 'm1', quantity: 1, price: 5 }], customerId: null },
    ]);
  });
});

describe('/actions/multi-sale offline', () => {
  afterEach(() => setOnline(true));

  it('a cart sold after the network went keeps the sale on the device, and sends it once when it returns', async () => {
    let network = true;
    const calls = counterApi(
      () => network,
      (url) => {
        if (url === '/api/items/by-serial/SN-CART')
          return { status: 200, data: { ...baseItem, id: 'i-cart', serial: 'SN-CART' } };
        if (url === '/api/sales') return { status: 201, data: { id: 's-cart', number: 88 } };
        return undefined;
      },
    );
    signInAs(ROLES.rapidSeller);
    session.setToken(makeToken({ role: [ROLES.rapidSeller], sub: 'u-cart' }));
    await act(() => i18n.changeLanguage('en'));
    renderAt('/actions/multi-sale');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await userEvent.type(scan, 'SN-CART{Enter}');
    await screen.findByText('SN-CART added to the cart.');

    network = false;
    setOnline(false);
    await userEvent.click(screen.getByRole('button', { name: 'Sell 1 item' }));
    expect(
      await screen.findByText('Saved on this device — it will be sold when the network returns.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    network = true;
    setOnline(true);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/sales')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { lines: [{ itemId: 'i-cart', price: 1250.5, discount: 0 }], customerId: null },
    ]);
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

/** GET /api/stocktakes/{id}'s answer for a count still being taken. */
const countBeingTaken = (count: { id: string; locationName: string; scanned: number }) => ({
  locationId: 'l1',
  state: 'counting',
  note: null,
  openedBy: 'Olga Owner',
  openedAt: '2026-11-28T08:00:00Z',
  updatedAt: '2026-11-28T08:00:00Z',
  closedAt: null,
  appliedAt: null,
  found: null,
  missing: null,
  unexpected: null,
  recent: [],
  ...count,
});

describe('/actions/stocktake offline', () => {
  it('keeps a scan whose request never arrives on the device beside the total, and counts it once when the API answers again', async () => {
    let reachable = false;
    let scanned = 1;
    const keys: string[] = [];
    const count = () => countBeingTaken({ id: 's1', locationName: 'Back room', scanned });
    const calls = mockApi((config) => {
      if (config.url === '/api/access') return accessAnswer(['items.view', 'stock.count']);
      if (config.url === '/api/stocktakes/s1') return { status: 200, data: count() };
      if (config.url === '/api/stocktakes/s1/scans') {
        keys.push(String(config.headers['Idempotency-Key']));
        if (!reachable) return new Error('Network Error');
        scanned += 1;
        const answer = { serial: 'C-2', outcome: 'found', itemId: 'i2', locationName: null, repeated: false, scanned };
        return { status: 200, data: answer };
      }
      return { status: 404, data: { message: 'unexpected' } };
    });
    signInAs(ROLES.storekeeper);
    session.setToken(makeToken({ role: [ROLES.storekeeper], sub: 'u-count' }));
    await act(() => i18n.changeLanguage('en'));
    await theTill().enqueue('count', { stocktakeId: 's9', serial: 'Z-9' }, 'Z-9');
    renderAt('/actions/stocktake?id=s1');
    const field = await screen.findByRole('textbox', { name: 'Scan or type a serial' });
    expect(screen.getByTestId('stocktake-scanned')).toHaveTextContent('1');

    await userEvent.type(field, 'C-2{Enter}');
    expect(
      await screen.findByText('C-2 is saved on this device and will be counted when the network returns.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('stocktake-kept')).toHaveTextContent('+1 kept on this device');
    expect(screen.getByTestId('stocktake-scanned')).toHaveTextContent('1');
    expect(screen.getByTestId('till-status')).toHaveTextContent(
      'Offline — scans are kept on this device and counted when the network returns.',
    );
    // Scanned again while it waits: kept once.
    await userEvent.type(field, 'c-2{Enter}');
    expect(await screen.findByText('c-2 is already waiting to sync.')).toBeInTheDocument();
    expect(screen.getByTestId('stocktake-kept')).toHaveTextContent('+1 kept on this device');

    reachable = true;
    // The retry after a network failure comes by itself (backoff), without an online event.
    const queue = screen.getByTestId('till-queue');
    // Said in the count's own words, as an online scan would have been.
    await waitFor(() => expect(within(queue).getByText('Synced — C-2: counted.')).toBeInTheDocument(), {
      timeout: 5000,
    });
    // Another count's scan kept on this device is that count's page's business, not this one's.
    expect(within(queue).queryByText('Z-9')).not.toBeInTheDocument();
    // The total is the server's again, read once the scan was counted.
    await waitFor(() => expect(screen.getByTestId('stocktake-scanned')).toHaveTextContent('2'));
    expect(screen.queryByTestId('stocktake-kept')).not.toBeInTheDocument();
    expect(screen.getByTestId('till-status')).toHaveTextContent('Online');
    // Every attempt was the same scan under the same key.
    const sent = calls.filter((c) => c.url === '/api/stocktakes/s1/scans');
    expect(sent.map((c) => c.body)).toEqual(sent.map(() => ({ serial: 'C-2' })));
    expect(new Set(keys).size).toBe(1);
  });
  it('a count read once on this phone opens again without a network, as last read, and takes scans', async () => {
    let reachable = true;
    const count = countBeingTaken({ id: 's2', locationName: 'Cold store', scanned: 4 });
    mockApi((config) => {
      if (config.url === '/api/access') return accessAnswer(['items.view', 'stock.count']);
      if (config.url === '/api/stocktakes/s2')
        return reachable ? { status: 200, data: count } : new Error('Network Error');
      if (config.url === '/api/stocktakes/s2/scans') return new Error('Network Error');
      return { status: 404, data: { message: 'unexpected' } };
    });
    signInAs(ROLES.storekeeper);
    session.setToken(makeToken({ role: [ROLES.storekeeper], sub: 'u-count-2' }));
    await act(() => i18n.changeLanguage('en'));
    const first = renderAt('/actions/stocktake?id=s2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Count of Cold store' })).toBeInTheDocument();
    first.unmount();

    // The page is loaded again in the back room: no answer from the API.
    reachable = false;
    renderAt('/actions/stocktake?id=s2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Count of Cold store' })).toBeInTheDocument();
    expect(screen.getByTestId('stocktake-scanned')).toHaveTextContent('4');
    await userEvent.type(screen.getByRole('textbox', { name: 'Scan or type a serial' }), 'C-9{Enter}');
    expect(
      await screen.findByText('C-9 is saved on this device and will be counted when the network returns.'),
    ).toBeInTheDocument();
  });
});
