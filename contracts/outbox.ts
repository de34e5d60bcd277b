import { z } from 'zod';

/**
 * GET /api/dev/mailbox: the newest outbox messages, for the embedded demo where no email or SMS
 * provider is configured. The route exists only when MAILBOX_ENABLED (auto: no SMTP_URL and no SMS
 * provider); otherwise it answers 404 like any unknown API path.
 */
export const MAILBOX_LIMIT = 100;

export const mailboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  template: z.string(),
  subject: z.string().nullable(),
  /** Plain text only: the HTML version is never sent to the page. */
  body_text: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxResponseSchema = z.object({ messages: z.array(mailboxMessageSchema) });
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

/** GET /api/dev/mailbox from anywhere but this machine (403): it shows every address's codes. */
export const MAILBOX_LOOPBACK_ONLY_MESSAGE =
  'The demo mailbox is shown only on the machine running Wellspring.';
