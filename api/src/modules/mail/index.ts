// The mail adapter (SMTP or the outbox table), the one way to send, and the development outbox route.
export { OutboxMailer, SmtpMailer, type Mailer, type MailMessage } from './mailer.js';
export { deliver } from './deliver.js';
export { devRoutes } from './routes.js';
