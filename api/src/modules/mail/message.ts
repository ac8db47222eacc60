// What a mail is, apart from how it goes out: the outbox's queries and the mailers both read it.

/** A file a mail carries (a purchase order's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}
