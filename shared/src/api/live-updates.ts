import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session-store';
import { api } from './client';
import { call } from './call';

/** The kinds of change GET /api/events/stream sends (the API's CHANGE_KINDS). */
export const LIVE_CHANGE_KINDS = [
  'item.changed',
  'sale.made',
  'task.changed',
  'settings.changed',
  'stocktake.changed',
  'purchase-order.changed',
  'loan.changed',
  'quantity.changed',
] as const;

interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveUpdateDeps {
  /** A single-use ticket (POST /api/events/ticket with the bearer token). */
  ticket(): Promise<string>;
  open(url: string): EventSourceLike;
  /** Refetch what starts with these API resources; null: everything. */
  invalidate(resources: string[] | null): void;
  streamUrl(ticket: string): string;
  /** Waits before the nth reconnection (1 s, 2 s, 4 s … 30 s). */
  delay?(attempt: number): number;
  /** Calls resume the next time the page is shown or focused; answers the function that stops waiting. */
  whenShown?(resume: () => void): () => void;
}

/**
 * The page in use again: its tab selected, its window restored — or its window focused, for a tab
 * visible all along in a second window. Only the user moves focus, so two replaced tabs never take
 * a stream back from each other on their own (each user has only a few).
 */
function whenPageShown(resume: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => {
    if (document.visibilityState === 'visible') resume();
  };
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('focus', resume);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('focus', resume);
  };
}

/**
 * Keeps one stream open: a fresh ticket for every connection (a ticket opens one stream once, so
 * EventSource's own retry with the old URL would only be refused), a change refetches the
 * resources it names, and a reconnection refetches everything (changes while away are lost).
 * Answers the function that stops it.
 */
export function connectLiveUpdates(deps: LiveUpdateDeps): () => void {
  const delay = deps.delay ?? ((n: number) => Math.min(30_000, 1000 * 2 ** n));
  let stopped = false;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let waitingToBeShown: (() => void) | null = null;
  const whenShown = deps.whenShown ?? whenPageShown;

  const retry = () => {
    source?.close();
    source = null;
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay(attempt++));
  };
  const connect = async () => {
    let ticket: string;
    try {
      ticket = await deps.ticket();
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    const s = deps.open(deps.streamUrl(ticket));
    source = s;
    s.addEventListener('ready', () => {
      attempt = 0;
      if (connectedBefore) deps.invalidate(null);
      connectedBefore = true;
    });
    s.addEventListener('resync', () => deps.invalidate(null));
    // The server ends this stream early. Replaced by a newer tab of the same user (each user has
    // a few): this one stays quiet until it is looked at again, instead of taking a stream back
    // from the tab in use. Otherwise (the user's access changed) the error that follows reconnects.
    s.addEventListener('closed', (event) => {
      let reason: unknown;
      try {
        reason = (JSON.parse(event.data) as { reason?: unknown }).reason;
      } catch {
        return;
      }
      if (reason !== 'too-many-streams' || source !== s) return;
      s.close();
      source = null;
      waitingToBeShown = whenShown(() => {
        waitingToBeShown?.();
        waitingToBeShown = null;
        if (!stopped) void connect();
      });
    });
    for (const kind of LIVE_CHANGE_KINDS)
      s.addEventListener(kind, (event) => {
        try {
          const { resources } = JSON.parse(event.data) as { resources?: unknown };
          if (Array.isArray(resources)) deps.invalidate(resources.filter((r): r is string => typeof r === 'string'));
        } catch {
          /* not ours */
        }
      });
    s.addEventListener('error', () => {
      if (source === s) retry();
    });
  };
  void connect();
  return () => {
    stopped = true;
    waitingToBeShown?.();
    if (timer) clearTimeout(timer);
    source?.close();
  };
}

/** Resource-first query keys (resourceKey) make a resource name enough to refresh every screen. */
export function invalidateResources(client: QueryClient, resources: string[] | null): void {
  if (resources === null) void client.invalidateQueries();
  else for (const resource of resources) void client.invalidateQueries({ queryKey: [resource] });
}

/** While signed in, the company's changes refresh the screens that show them (the shell mounts this once). */
export function useLiveUpdates(): void {
  // Signed in or not: a refreshed token is not a reason to reconnect (each ticket asks for the current one).
  const signedIn = useSession((s) => Boolean(s.token));
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return undefined;
    const base = api.defaults.baseURL ?? '';
    return connectLiveUpdates({
      ticket: async () => (await call('POST', '/api/events/ticket')).ticket,
      open: (url) => new EventSource(url),
      streamUrl: (ticket) => `${base}/api/events/stream?ticket=${encodeURIComponent(ticket)}`,
      invalidate: (resources) => invalidateResources(client, resources),
    });
  }, [signedIn, client]);
}
