import { escapeHtml, htmlPage } from '../../lib/html.js';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  /** The files it carries: their names and sizes (the bytes stay in the table). */
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}

const STYLE = `body{margin:0;font-family:Roboto,system-ui,sans-serif;background:#f5f5f5;color:#1a1f36}
main{max-width:760px;margin:0 auto;padding:24px 16px}h1{font-size:22px;margin:0 0 4px}
.note{color:#555;margin:0 0 20px}article{background:#fff;border-radius:12px;padding:16px 20px;margin:0 0 12px;box-shadow:0 1px 4px #0001}
h2{font-size:16px;margin:0 0 4px}.meta{color:#697386;font-size:13px;margin:0 0 10px}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;font-size:14px;margin:0}a{color:#1e5eff}`;

/** The mail text with its links made clickable (mails carry verification and reset links). */
function linked(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

/**
 * The development outbox as a page a person trying the product can read: where the verification
 * link of the account they just registered is, since no real mail leaves this machine.
 */
export function outboxPage(mails: OutboxMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(
              m.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
            )}</p><pre>${linked(m.text)}</pre>${m.attachments
              .map((a) => `<p class="meta">📎 ${escapeHtml(a.filename)} (${a.size.toLocaleString('en')} bytes)</p>`)
              .join('')}</article>`,
        )
        .join('')
    : '<p>No mail yet.</p>';
  return htmlPage({
    title: 'Mail outbox — development',
    style: STYLE,
    body: `<main><h1>Mail outbox</h1><p class="note">Development only: mail this server would have sent, newest first. Nothing here left this machine.</p>${items}</main>`,
  });
}
