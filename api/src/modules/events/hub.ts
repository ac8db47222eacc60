import type { Database } from '../../db/database.js';
import { CHANNEL, CHANGE_KINDS, type Change, type Notice } from './publisher.js';

export interface Listener {
  send(message: { event: string; data: Change | Record<string, never> }): void;
  /** Ends the stream (the process is shutting down). */
  end(): void;
}

/**
 * This process's side of the fan-out: one LISTEN for the whole process, and the open streams
 * by company. A notice reaches only the streams of the company it names — the company a
 * writing transaction was bound to, never anything a client sent.
 */
export class EventHub {
  private readonly byCompany = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;

  async start(db: Database): Promise<void> {
    this.stop = await db.listen(CHANNEL, {
      onMessage: (payload) => this.deliver(payload),
      // The connection was lost and came back: whatever was announced meanwhile is gone, so
      // every stream tells its browser to refetch what it shows.
      onGap: () => {
        for (const listeners of this.byCompany.values())
          for (const l of listeners) l.send({ event: 'resync', data: {} });
      },
    });
  }

  async close(): Promise<void> {
    for (const listeners of this.byCompany.values()) for (const l of listeners) l.end();
    this.byCompany.clear();
    await this.stop?.();
    this.stop = null;
  }

  subscribe(companyId: string, listener: Listener): () => void {
    let listeners = this.byCompany.get(companyId);
    if (!listeners) this.byCompany.set(companyId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (!listeners.size) this.byCompany.delete(companyId);
    };
  }

  /** Open streams, for the logs and tests. */
  get size(): number {
    let n = 0;
    for (const l of this.byCompany.values()) n += l.size;
    return n;
  }

  private deliver(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (typeof notice.companyId !== 'string' || !CHANGE_KINDS.includes(notice.kind)) return;
    const listeners = this.byCompany.get(notice.companyId);
    if (!listeners) return;
    const { companyId: _c, ...change } = notice;
    for (const l of listeners) l.send({ event: change.kind, data: change });
  }
}
