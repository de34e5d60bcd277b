import { createTransport } from 'nodemailer';
import type { EmailMessage, EmailSender } from './email-sender';

/**
 * Timeouts well below nodemailer's defaults (2 min to connect, 10 min idle): a delivery attempt has
 * to finish inside the outbox job's claim lease, and a dead peer should cost a retry, not minutes.
 * Query parameters in SMTP_URL (e.g. `?connectionTimeout=30000`) override them.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;
const MAX_ERROR_LENGTH = 300;

/** Email over SMTP with nodemailer; `smtpUrl` is `smtp://` (STARTTLS when offered) or `smtps://`. */
export function createSmtpEmailSender(options: { smtpUrl: string; from: string }): EmailSender {
  const transport = createTransport({ ...TIMEOUTS, url: options.smtpUrl }, { from: options.from });
  const secrets = secretsOf(options.smtpUrl);

  return {
    async send(message: EmailMessage) {
      try {
        await transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } catch (error) {
        // Only the message is stored (last_error) or logged; the cause stays in memory for debugging.
        throw new Error(describeSmtpError(error, secrets), { cause: error });
      }
    },
  };
}

/** The password of the SMTP URL, raw and URL-decoded, so an error text can never repeat it. */
function secretsOf(smtpUrl: string): string[] {
  try {
    const password = new URL(smtpUrl).password;
    return password ? [...new Set([password, decodeURIComponent(password)])] : [];
  } catch {
    return [];
  }
}

/**
 * A message for `last_error`: nodemailer's code, the SMTP reply code and its text. It never carries
 * the message body (nodemailer does not put it in errors) and the password is masked defensively.
 */
function describeSmtpError(error: unknown, secrets: string[]): string {
  const details = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof details.code === 'string' ? details.code : 'ERROR';
  const reply = typeof details.responseCode === 'number' ? ` (SMTP ${details.responseCode})` : '';
  let text = typeof details.message === 'string' ? details.message : String(error);
  for (const secret of secrets) text = text.replaceAll(secret, '[redacted]');
  text = text.replace(/\s+/g, ' ').trim();
  return `SMTP delivery failed: ${code}${reply}: ${text}`.slice(0, MAX_ERROR_LENGTH);
}
