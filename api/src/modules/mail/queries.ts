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
