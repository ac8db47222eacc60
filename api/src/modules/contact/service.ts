import type { Queryable } from '../../db/database.js';
import { tooManyRequests } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit.js';
import * as db from './queries.js';
import type { ContactBody } from './schemas.js';

export const CONTACT_LIMIT_PER_HOUR = 5;
export const THANKS = 'Thank you — your message has been sent. We will get back to you soon.';

/** Stores a visitor's message, at most CONTACT_LIMIT_PER_HOUR an hour from one address (else 429). */
export async function sendMessage(q: Queryable, ip: string, b: ContactBody): Promise<string> {
  if (!(await hit(q, `contact:ip:${ip}`, CONTACT_LIMIT_PER_HOUR, 3600)))
    throw tooManyRequests('You have sent several messages already. Please try again in an hour.');
  return db.insertMessage(q, {
    name: b.name.trim(),
    email: b.email.trim(),
    subject: b.subject?.trim() || null,
    message: b.message,
  });
}
