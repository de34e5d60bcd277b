import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeWebhookResponseSchema } from '../../../contracts/payments';
import { AppError } from '../../../domain/errors/app-error';
import type { PaymentEvent } from '../../adapters/payments/payment-provider';
import { StripeWebhookRejected, type StripeWebhookVerifier } from '../../adapters/payments/stripe-webhook';

/** What the wallet's applyPaymentEvent answers (only the outcome matters here). */
export type ApplyPaymentEvent = (event: PaymentEvent) => Promise<{
  outcome: 'applied' | 'duplicate' | 'ignored' | 'refused' | 'unknown_payment';
}>;

/**
 * POST /api/payments/stripe/webhook (issue #5): public, the signature is the authentication. Registered
 * only when STRIPE_WEBHOOK_SECRET is configured. The body is read as RAW bytes (a JSON parser scoped to
 * this plugin, so no other route changes) because the signature covers the exact bytes Stripe sent.
 *
 * Answers: 400 WEBHOOK_SIGNATURE_INVALID for a missing, forged, wrong-secret, stale (> 300 s) or
 * future-dated (> 300 s) delivery or a re-serialised body, with nothing applied; 200 when applied, a
 * duplicate (same event again), refused by the wallet as not matching the payment (logged loudly there;
 * redelivery would not help) or a type we do not act on; 409 when the payment is unknown, so Stripe
 * redelivers later (its retries run for days) instead of the credit being dropped.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  verifier: StripeWebhookVerifier;
  applyPaymentEvent: ApplyPaymentEvent;
}> = async (app, { verifier, applyPaymentEvent }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/payments/stripe/webhook',
    { schema: { response: { 200: stripeWebhookResponseSchema } } },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Stripe webhook deliveries are application/json.');
      const header = request.headers['stripe-signature'];
      let delivery;
      try {
        delivery = verifier.verify(request.body, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (!(error instanceof StripeWebhookRejected)) throw error;
        if (error.reason === 'malformed_event') {
          request.log.error(
            { alert: 'STRIPE_EVENT_MALFORMED', err: error.message },
            'Stripe event not applied',
          );
          throw new AppError('VALIDATION_ERROR', 'The event does not have the expected shape.', {
            cause: error,
          });
        }
        request.log.warn({ reason: error.reason, detail: error.message }, 'Stripe webhook delivery refused');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', undefined, { cause: error });
      }
      if (!delivery.event) return { received: true as const, outcome: 'ignored' as const };
      const result = await applyPaymentEvent(delivery.event);
      request.log.info(
        { stripeEventId: delivery.stripeEventId, type: delivery.type, outcome: result.outcome },
        'Stripe webhook delivery',
      );
      if (result.outcome === 'unknown_payment')
        throw new AppError(
          'CONFLICT',
          'This event refers to a payment this server does not know (yet). Stripe will deliver it again.',
        );
      return { received: true as const, outcome: result.outcome };
    },
  );
};
