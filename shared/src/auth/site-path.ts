/**
 * A path on this site that a flow may send the browser to: it starts with one `/`. `//host` and
 * `/\host` are other sites to a browser, so a return address carrying them is refused.
 */
export function sitePath(raw: unknown): string | null {
  return typeof raw === 'string' && raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : null;
}
