// The mail adapter (SMTP or the outbox table), and the one way to send.
export { OutboxMailer, SmtpMailer, type Mailer, type MailMessage } from './mailer.js';
export { deliver } from './deliver.js';
