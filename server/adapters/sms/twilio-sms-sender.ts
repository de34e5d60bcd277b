import type { SmsMessage, SmsSender } from './sms-sender';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** https://api.twilio.com in production; a local stand-in in tests. */
  apiBaseUrl: string;
  /** How long one request may take; it has to fit inside the outbox job's claim lease. */
  timeoutMs?: number;
};

const MAX_ERROR_LENGTH = 300;

/**
 * Text messages through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, basic
 * auth, form-encoded To/From/Body). Errors name the HTTP status and Twilio's error code, never the
 * auth token.
 */
export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  const url = `${options.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const mask = (text: string) =>
    options.authToken ? text.replaceAll(options.authToken, '[redacted]') : text;

  return {
    async send(message: SmsMessage) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, accept: 'application/json' },
          body: new URLSearchParams({ To: message.to, From: options.fromNumber, Body: message.body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        // undici reports "fetch failed" with the socket error as the cause.
        const cause = (error as { cause?: { code?: unknown } }).cause;
        const reason =
          typeof cause?.code === 'string'
            ? cause.code
            : error instanceof Error
              ? error.name
              : 'unknown error';
        throw new Error(mask(`Twilio request failed: ${reason}`).slice(0, MAX_ERROR_LENGTH), {
          cause: error,
        });
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const payload = (await response.json().catch(() => undefined)) as
        { code?: unknown; message?: unknown } | undefined;
      const code =
        typeof payload?.code === 'number' || typeof payload?.code === 'string' ? payload.code : 'none';
      const detail = typeof payload?.message === 'string' ? `: ${payload.message}` : '';
      throw new Error(
        mask(`Twilio answered HTTP ${response.status} (error code ${code})${detail}`).slice(
          0,
          MAX_ERROR_LENGTH,
        ),
      );
    },
  };
}
