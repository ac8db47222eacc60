/**
 * Whether #root holds a page a remote prerendered (scripts/lib/documents.mjs marks it; the
 * document's own script unmarks and empties it for a visitor it does not fit).
 */
export function isPrerendered(container: HTMLElement): boolean {
  return container.dataset.prerendered !== undefined && container.hasChildNodes();
}

/**
 * React recovers from markup it could not adopt by drawing the page afresh; the visitor sees a
 * flash, so it is reported (the e2e suite fails on it).
 */
export function reportRecoverableError(error: unknown): void {
  console.error('[shell] the prerendered page could not be hydrated', error);
}
