import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.js';

/**
 * Sends without letting the answer's timing say whether a mail went out: the outbox write is
 * awaited (it is a row in the request's database), SMTP runs in the background and only logs.
 */
export async function deliver(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger, what: string) {
  const sending = mailer.send(message);
  if (mailer.kind === 'outbox') return sending;
  sending.catch((err) => log.error({ err }, `${what} mail failed`));
}
