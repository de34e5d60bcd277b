import { z } from 'zod';

/** Email (SMTP) and text messages (Twilio). */
export const messagingEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Wellspring <no-reply@wellspring.local>'),
  SMS_PROVIDER: z.enum(['none', 'twilio']).default('none'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().min(1).optional(),
  TWILIO_API_BASE_URL: z.url().default('https://api.twilio.com'),
};

/** The demo mailbox and the outbox that sends queued messages. */
export const mailboxEnv = {
  MAILBOX_ENABLED: z.enum(['auto', 'true', 'false']).default('auto'),
  OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
};
