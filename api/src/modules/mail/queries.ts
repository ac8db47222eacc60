import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import type { MailMessage } from './message.js';
import type { OutboxMail } from './outbox-page.js';

/** The development outbox's latest 50 mails, newest first, optionally to one address. */
export const outboxMails = (q: Queryable, to: string | null) =>
  q.query<OutboxMail>(
    `SELECT id, to_address AS "to", subject, body AS text, ${iso('created_at')} AS "createdAt",
            coalesce((SELECT jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType',
                                                          'size', length(decode(a->>'content', 'base64'))))
                        FROM jsonb_array_elements(attachments) a), '[]'::jsonb) AS attachments
       FROM mail_outbox WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY created_at DESC LIMIT 50`,
    [to],
  );

/** A mail kept in the outbox (the development stand-in for SMTP); answers its id. */
export async function queueOutboxMail(q: Queryable, m: MailMessage) {
  // Files are kept as base64 in JSON: the outbox is a development stand-in, read by people and tests.
  const attachments = m.attachments?.length
    ? JSON.stringify(m.attachments.map((a) => ({ ...a, content: a.content.toString('base64') })))
    : null;
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO mail_outbox (to_address, subject, body, attachments) VALUES ($1, $2, $3, $4) RETURNING id',
    [m.to, m.subject, m.text, attachments],
  );
  return row?.id;
}
