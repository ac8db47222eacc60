import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';
import type { MailMessage } from './message.js';
import { queueOutboxMail } from './queries.js';

export type { MailAttachment, MailMessage } from './message.js';

/** The mail adapter: SMTP when SMTP_URL is set, otherwise the outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}
  async send(m: MailMessage): Promise<void> {
    const mailId = await inPublic(this.db, (q) => queueOutboxMail(q, m));
    // Never the body: it carries reset and invitation links. Developers read GET /api/dev/outbox.
    this.log.info({ mailId, subject: m.subject }, 'mail queued in the outbox');
  }
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private transport: Promise<{ sendMail(o: object): Promise<unknown> }>;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
  }
  async send(m: MailMessage): Promise<void> {
    await (
      await this.transport
    ).sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      // nodemailer's attachment shape is this one (filename, contentType, content as a Buffer)
      attachments: m.attachments,
    });
  }
}
