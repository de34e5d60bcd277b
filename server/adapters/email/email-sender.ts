export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

/**
 * Sends one email. Resolves once the provider accepted the message; rejects otherwise, with an
 * error whose message is safe to store and show to operators (no credentials, no message body).
 */
export type EmailSender = {
  send(message: EmailMessage): Promise<void>;
};
