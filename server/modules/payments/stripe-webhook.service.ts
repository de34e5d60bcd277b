import { describeErrorForLog } from '#server/plugins/log-safety';
import type { StripeWebhookResponse } from '#contracts/payments';
import { AppError } from '#domain/errors/app-error';
import type { PaymentEvent } from '#server/adapters/payments/payment-provider';
import { StripeWebhookRejected, type StripeWebhookVerifier } from '#server/adapters/payments/stripe-webhook';

/** What the wallet's applyPaymentEvent answers (only the outcome matters here). */
export type ApplyPaymentEvent = (event: PaymentEvent) => Promise<{
  outcome: 'applied' | 'duplicate' | 'ignored' | 'refused' | 'unknown_payment';
}>;

/** The request's logger (pino's shape: an object of fields, then the message). */
export type WebhookLogger = {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

/**
 * A Stripe webhook delivery: verify the signature over the exact bytes, then hand the event to the
 * wallet. Answers: WEBHOOK_SIGNATURE_INVALID (400) for a missing, forged, wrong-secret, stale (> 300 s)
 * or future-dated (> 300 s) delivery or a re-serialised body, with nothing applied; the outcome when
 * applied, a duplicate (same event again), refused by the wallet as not matching the payment (logged
 * loudly there; redelivery would not help) or a type we do not act on; CONFLICT (409) when the payment
 * is unknown, so Stripe redelivers later (its retries run for days) instead of the credit being dropped.
 */
export function createStripeWebhookService(deps: {
  verifier: StripeWebhookVerifier;
  applyPaymentEvent: ApplyPaymentEvent;
}) {
  const { verifier, applyPaymentEvent } = deps;
  return {
    async receive(
      body: unknown,
      signature: string | string[] | undefined,
      log: WebhookLogger,
    ): Promise<StripeWebhookResponse> {
      if (!Buffer.isBuffer(body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Stripe webhook deliveries are application/json.');
      let delivery;
      try {
        delivery = verifier.verify(body, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (!(error instanceof StripeWebhookRejected)) throw error;
        if (error.reason === 'malformed_event') {
          log.error(
            { alert: 'STRIPE_EVENT_MALFORMED', err: describeErrorForLog(error) },
            'Stripe event not applied',
          );
          throw new AppError('VALIDATION_ERROR', 'The event does not have the expected shape.', {
            cause: error,
          });
        }
        log.warn({ reason: error.reason, detail: error.message }, 'Stripe webhook delivery refused');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', undefined, { cause: error });
      }
      if (!delivery.event) return { received: true, outcome: 'ignored' };
      const result = await applyPaymentEvent(delivery.event);
      log.info(
        { stripeEventId: delivery.stripeEventId, type: delivery.type, outcome: result.outcome },
        'Stripe webhook delivery',
      );
      if (result.outcome === 'unknown_payment')
        throw new AppError(
          'CONFLICT',
          'This event refers to a payment this server does not know (yet). Stripe will deliver it again.',
        );
      return { received: true, outcome: result.outcome };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
