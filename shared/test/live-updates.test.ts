import { QueryClient } from '@tanstack/react-query';
import { connectLiveUpdates, invalidateResources } from '../src/api/live-updates';

/** A stand-in for the browser's EventSource: the test plays the server. */
class FakeSource {
  static opened: FakeSource[] = [];
  listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  FakeSource.opened = [];
});

function connect() {
  let n = 0;
  const invalidated: Array<string[] | null> = [];
  const stop = connectLiveUpdates({
    ticket: async () => `ticket-${++n}`,
    open: (url) => new FakeSource(url),
    streamUrl: (t) => `/api/events/stream?ticket=${t}`,
    invalidate: (r) => invalidated.push(r),
    delay: () => 0,
  });
  return { stop, invalidated };
}

test('a change refetches the resources it names; the first ready refetches nothing', async () => {
  const { stop, invalidated } = connect();
  await flush();
  const source = FakeSource.opened[0]!;
  expect(source.url).toBe('/api/events/stream?ticket=ticket-1');
  source.emit('ready');
  source.emit('sale.made', { kind: 'sale.made', resources: ['sales', 'customers'], ids: ['s1'], count: 1 });
  expect(invalidated).toEqual([['sales', 'customers']]);
  stop();
  expect(source.closed).toBe(true);
});

test('a lost stream reconnects with a fresh ticket and refetches everything it may have missed', async () => {
  const { stop, invalidated } = connect();
  await flush();
  FakeSource.opened[0]!.emit('ready');
  FakeSource.opened[0]!.emit('error');
  expect(FakeSource.opened[0]!.closed).toBe(true);
  await new Promise((r) => setTimeout(r, 5));
  await flush();
  const second = FakeSource.opened[1]!;
  expect(second.url).toBe('/api/events/stream?ticket=ticket-2');
  second.emit('ready');
  expect(invalidated).toEqual([null]);
  second.emit('resync');
  expect(invalidated).toEqual([null, null]);
  stop();
});

test('invalidation by resource reaches every query whose key starts with it, and only those', async () => {
  const client = new QueryClient();
  client.setQueryData(['items', { status: 'sold' }], 1);
  client.setQueryData(['sales'], 2);
  invalidateResources(client, ['items']);
  expect(client.getQueryState(['items', { status: 'sold' }])?.isInvalidated).toBe(true);
  expect(client.getQueryState(['sales'])?.isInvalidated).toBe(false);
});

test('a stream replaced by a newer tab stays closed until its page is shown again, then reconnects', async () => {
  let shown: (() => void) | null = null;
  const invalidated: Array<string[] | null> = [];
  let n = 0;
  const stop = connectLiveUpdates({
    ticket: async () => `ticket-${++n}`,
    open: (url) => new FakeSource(url),
    streamUrl: (t) => `/api/events/stream?ticket=${t}`,
    invalidate: (r) => invalidated.push(r),
    delay: () => 0,
    whenShown: (resume) => {
      shown = resume;
      return () => (shown = null);
    },
  });
  await flush();
  const first = FakeSource.opened[0]!;
  first.emit('ready');
  first.emit('closed', { reason: 'too-many-streams' });
  first.emit('error'); // the server ends it
  await new Promise((r) => setTimeout(r, 5));
  await flush();
  expect(first.closed).toBe(true);
  expect(FakeSource.opened).toHaveLength(1);
  shown!();
  await flush();
  expect(FakeSource.opened).toHaveLength(2);
  FakeSource.opened[1]!.emit('ready');
  expect(invalidated).toEqual([null]);
  stop();
});

test('a stream closed because the user’s access changed reconnects at once with a new ticket', async () => {
  const { stop } = connect();
  await flush();
  FakeSource.opened[0]!.emit('ready');
  FakeSource.opened[0]!.emit('closed', { reason: 'access-changed' });
  FakeSource.opened[0]!.emit('error');
  await new Promise((r) => setTimeout(r, 5));
  await flush();
  expect(FakeSource.opened[1]!.url).toBe('/api/events/stream?ticket=ticket-2');
  stop();
});

test('a replaced tab already visible in another window stays quiet until that window is focused, then reconnects', async () => {
  const { stop } = connect();
  await flush();
  FakeSource.opened[0]!.emit('ready');
  FakeSource.opened[0]!.emit('closed', { reason: 'too-many-streams' });
  await new Promise((r) => setTimeout(r, 5));
  await flush();
  expect(FakeSource.opened).toHaveLength(1);
  // Visible all along (jsdom's document is): no visibilitychange will come, the user clicks into it.
  window.dispatchEvent(new Event('focus'));
  await flush();
  expect(FakeSource.opened).toHaveLength(2);
  // Once: a later focus of the connected tab opens nothing more.
  window.dispatchEvent(new Event('focus'));
  await flush();
  expect(FakeSource.opened).toHaveLength(2);
  stop();
});
