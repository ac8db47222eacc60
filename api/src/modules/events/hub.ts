import type { Database } from '../../db/database.js';
import { CHANNEL, CHANGE_KINDS, type Change, type CloseNotice, type CloseReason, type Notice } from './publisher.js';
import { Readers } from './readers.js';
import { forgetStreams, renewStreams, STREAM_RENEW_MS } from './streams.js';

export interface Listener {
  /** The stream's id (its event_streams row) and holder. */
  id: string;
  userId: string;
  /** Its row is committed: until then a renewal cannot find it, and that is no news. */
  admitted: boolean;
  /** The change as this holder may see it, or null (see Readers.view). */
  view(change: Change): Change | null;
  send(message: { event: string; data: Change | Record<string, never> }): void;
  /** Ends the stream: with a reason, the browser is told why first; without, the process is shutting down. */
  end(reason?: CloseReason): void;
}

/**
 * This process's side of the fan-out: one LISTEN for the whole process, and the open streams
 * by company. A notice reaches only the streams of the company it names — the company a
 * writing transaction was bound to, never anything a client sent — and of those only the ones
 * whose holder may read what changed. A closing notice ends the streams it names.
 */
export class EventHub {
  readonly readers = new Readers();
  private readonly byCompany = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;
  private db: Database | null = null;
  private renewal: ReturnType<typeof setInterval> | null = null;

  async start(db: Database): Promise<void> {
    this.db = db;
    this.stop = await db.listen(CHANNEL, {
      onMessage: (payload) => this.deliver(payload),
      // The connection was lost and came back: whatever was announced meanwhile is gone, so
      // every stream tells its browser to refetch what it shows.
      onGap: () => {
        for (const l of this.all()) l.send({ event: 'resync', data: {} });
      },
    });
    this.renewal = setInterval(() => void this.renew(), STREAM_RENEW_MS);
    this.renewal.unref();
  }

  /**
   * Renews the rows of the streams still open here; a failed renewal is retried next time (a row
   * lapses only after several are missed). A stream whose row is gone — swept as lapsed by another
   * replica while this one stalled, or its close notice lost — no longer counts against any share,
   * so it ends and the browser reconnects through admission, counted again.
   */
  async renew(): Promise<void> {
    const open = this.all().filter((l) => l.admitted);
    if (!open.length || !this.db) return;
    const kept = await renewStreams(
      this.db,
      open.map((l) => l.id),
    ).catch(() => null);
    if (!kept) return;
    for (const l of open) if (!kept.has(l.id)) l.end('lapsed');
  }

  async close(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    const open = this.all();
    this.byCompany.clear();
    if (open.length && this.db)
      await forgetStreams(
        this.db,
        open.map((l) => l.id),
      ).catch(() => undefined);
    for (const l of open) l.end();
    await this.stop?.();
    this.stop = null;
  }

  /** Answers the function that removes the stream (and its row: it no longer counts against anyone's share). */
  subscribe(companyId: string, listener: Listener): () => void {
    let listeners = this.byCompany.get(companyId);
    if (!listeners) this.byCompany.set(companyId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      if (!listeners.delete(listener)) return;
      if (!listeners.size && this.byCompany.get(companyId) === listeners) this.byCompany.delete(companyId);
      if (this.db) forgetStreams(this.db, [listener.id]).catch(() => undefined);
    };
  }

  /** Open streams, for the logs and tests. */
  get size(): number {
    let n = 0;
    for (const l of this.byCompany.values()) n += l.size;
    return n;
  }

  private all(): Listener[] {
    return [...this.byCompany.values()].flatMap((s) => [...s]);
  }

  private deliver(payload: string): void {
    let notice: Notice | CloseNotice;
    try {
      notice = JSON.parse(payload) as Notice | CloseNotice;
    } catch {
      return;
    }
    if (typeof notice?.companyId !== 'string') return;
    const listeners = this.byCompany.get(notice.companyId);
    if (!listeners) return;
    if ('close' in notice) {
      const { streams, users } = notice.close;
      for (const l of [...listeners])
        if (streams?.includes(l.id) || users === null || users?.includes(l.userId)) l.end(notice.reason);
      return;
    }
    if (!CHANGE_KINDS.includes(notice.kind)) return;
    const { companyId: _c, ...change } = notice;
    for (const l of listeners) {
      const seen = l.view(change);
      if (seen) l.send({ event: seen.kind, data: seen });
    }
  }
}
