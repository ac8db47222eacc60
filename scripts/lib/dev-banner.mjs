// The development banner of a page shown before the app boots (a marketing page, /login): in
// development every page says the stand-ins are in use, and a prerendered page that boots on
// intent would otherwise say nothing until the visitor touched it. The same words, colours and
// size as the shell's DevelopmentBanner, which removes this one when it takes over.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TEXTS = fileURLToPath(new URL('../../shell/src/i18n/dev-banner.en.json', import.meta.url));

/** The element's id; shell/src/features/environment/DevelopmentBanner.tsx removes it by this id. */
export const STATIC_BANNER_ID = 'stockwise-static-development-banner';

const STAND_INS = ['signIn', 'payments', 'mail', 'demoData'];
/** MUI's ScienceOutlined, the shell banner's icon. */
const ICON =
  'M13 11.33 18 18H6l5-6.67V6h2m2.96-2H8.04c-.42 0-.65.48-.39.81L9 6.5v4.17L3.2 18.4c-.49.66-.02 1.6.8 1.6h16c.82 0 1.29-.94.8-1.6L15 10.67V6.5l1.35-1.69c.26-.33.03-.81-.39-.81';

const escapeHtml = (value) =>
  String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell's English banner texts (a development machine runs from the repository). */
export function readBannerTexts() {
  return JSON.parse(readFileSync(TEXTS, 'utf8'));
}

/**
 * The banner's markup for a server that answered GET /api/environment with `environment`, or ''
 * outside development. In the page's flow at the top, not pinned: it needs no script to keep the
 * page's sticky top bar below it, and it works with JavaScript off.
 */
export function staticBanner(environment, texts) {
  if (environment?.mode !== 'development') return '';
  const standIns = STAND_INS.filter((name) => environment.standIns?.[name]);
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(standIns.map((name) => texts.standIn[name]));
  const text = standIns.length
    ? texts[standIns.length === 1 ? 'withStandIns_one' : 'withStandIns_other'].replace('{{list}}', list)
    : texts.withoutStandIns;
  const outbox = standIns.includes('mail')
    ? ` <a href="/api/dev/outbox" target="_blank" rel="noopener" style="color:inherit;font-weight:700">${escapeHtml(texts.outbox)}</a>`
    : '';
  return (
    `<section id="${STATIC_BANNER_ID}" aria-label="${escapeHtml(texts.label)}" style="position:relative;z-index:1200;display:flex;align-items:center;justify-content:center;gap:8px;padding:4px 16px;min-height:28px;box-sizing:border-box;background:#FCD34D;color:#1F1300;border-bottom:1px solid #1F130033;font-family:Roboto,Helvetica,Arial,sans-serif">` +
    `<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20" style="flex-shrink:0;fill:currentColor"><path d="${ICON}"/></svg>` +
    `<p style="margin:0;font-size:0.875rem;font-weight:600;line-height:1.35;text-align:center">${escapeHtml(text)}${outbox}</p></section>`
  );
}
