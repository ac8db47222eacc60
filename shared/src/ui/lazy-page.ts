import { createElement, lazy, useState, type ComponentType } from 'react';

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

/** A lazily loaded page that can also be fetched ahead of its first render. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Fetches the page's chunk now; once it is in, the page renders without suspending. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * A page loaded on first visit instead of with its remote: React.lazy with the spec's 120 s
 * limit and one quiet retry of a failed chunk (the bundler forgets a failed chunk, so asking
 * again fetches it again). A failure that remains reaches the remote's error boundary, whose
 * Retry reloads the remote.
 *
 * `preload()` lets the shell fetch a prerendered page's chunk before it hydrates: a
 * page already loaded renders at once, so hydration finishes in one pass instead of waiting in
 * a Suspense boundary that any later update (the theme's first effect) would redraw from scratch.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { what = 'This page', timeoutMs = LAZY_CHUNK_TIMEOUT_MS, retries = 1 } = {},
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchPage = async (): Promise<ComponentType<P>> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await withTimeout(load(), timeoutMs, () => new ChunkTimeoutError(what));
      } catch (error) {
        if (attempt >= retries || error instanceof ChunkTimeoutError) throw error;
        await pause(500);
      }
    }
  };
  const preload = () => {
    pending ??= fetchPage().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // the next render or preload asks again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded page later would
    // remount the page and lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Page.displayName = `LazyPage(${what})`;
  return Object.assign(Page, { preload });
}
