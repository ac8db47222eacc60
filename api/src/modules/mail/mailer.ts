import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

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
    const [row] = await inPublic(this.db, (q) =>
      q.query<{ id: string }>('INSERT INTO mail_outbox (to_address, subject, body) VALUES ($1, $2, $3) RETURNING id', [
        m.to,
        m.subject,
        m.text,
      ]),
    );
    // Never the body: it carries reset and invitation links. Developers read GET /api/dev/outbox.
    this.log.info({ mailId: row?.id, subject: m.subject }, 'mail queued in the outbox');
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
    await (await this.transport).sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
}
