import { lazy, type ComponentType } from 'react';

/** Spec §9: a lazily loaded page chunk that has not arrived after 120 s is an error. */
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor(what: string) {
    super(`${what} took more than ${LAZY_CHUNK_TIMEOUT_MS / 1000} s to load`);
    this.name = 'ChunkTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A page loaded on first visit instead of with its remote: React.lazy with the spec's 120 s
 * limit and one quiet retry of a failed chunk (the bundler forgets a failed chunk, so asking
 * again fetches it again). A failure that remains reaches the remote's error boundary, whose
 * Retry reloads the remote.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { what = 'This page', timeoutMs = LAZY_CHUNK_TIMEOUT_MS, retries = 1 } = {},
) {
  return lazy(async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { default: await withTimeout(load(), timeoutMs, () => new ChunkTimeoutError(what)) };
      } catch (error) {
        if (attempt >= retries || error instanceof ChunkTimeoutError) throw error;
        await pause(500);
      }
    }
  });
}
