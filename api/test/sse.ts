/** A minimal Server-Sent Events reader over fetch, for tests that listen on a real port. */
export interface SseMessage {
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  /** Messages received so far (heartbeat comments are skipped). */
  messages: SseMessage[];
  /** The next message satisfying the predicate (already received or still to come). */
  next(predicate?: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server has ended the stream (or it was closed here). */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(url: string): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            if (!data.length) continue;
            const text = data.join('\n');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* plain text */
            }
            messages.push({ event, data: parsed });
            for (const w of [...waiters]) w();
          }
        }
      } catch {
        /* aborted */
      }
    })();
  }
  return {
    status: res.status,
    messages,
    ended,
    next(predicate = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < messages.length; seen++)
            if (predicate(messages[seen]!)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(messages[seen]!);
              return;
            }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(messages)})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
