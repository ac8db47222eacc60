import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import type { OutboxMail } from './outbox-page.js';

/** The development outbox's latest 50 mails, newest first, optionally to one address. */
export const outboxMails = (q: Queryable, to: string | null) =>
  q.query<OutboxMail>(
    `SELECT id, to_address AS "to", subject, body AS text, ${iso('created_at')} AS "createdAt"
       FROM mail_outbox WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY created_at DESC LIMIT 50`,
    [to],
  );

/** A mail kept in the outbox (the development stand-in for SMTP); answers its id. */
export async function queueOutboxMail(q: Queryable, m: { to: string; subject: string; text: string }) {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO mail_outbox (to_address, subject, body) VALUES ($1, $2, $3) RETURNING id',
    [m.to, m.subject, m.text],
  );
  return row?.id;
}
