// The few HTML pages the API serves itself — the development stand-ins' (checkout, Google sign-in,
// mail outbox): plain documents with no scripts or outside assets, so they work offline, without
// JavaScript and under the API's strict Content-Security-Policy. Every value goes through escapeHtml.

export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A whole document: `title` is escaped; `style` and `body` are markup the caller built with escapeHtml. */
export function htmlPage({ title, style, body }: { title: string; style: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head><body>${body}</body></html>`;
}
