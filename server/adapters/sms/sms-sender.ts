export type SmsMessage = {
  /** E.164 phone number, like +14155550123. */
  to: string;
  body: string;
};

/**
 * Sends one text message. Resolves once the provider accepted it; rejects otherwise, with an error
 * whose message is safe to store and show to operators (no credentials, no message body).
 */
export type SmsSender = {
  send(message: SmsMessage): Promise<void>;
};
