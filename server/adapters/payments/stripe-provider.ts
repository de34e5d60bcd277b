import Stripe from 'stripe';
import { AppError } from '#domain/errors/app-error';
import type { PaymentProvider } from './payment-provider';

export type StripeProviderOptions = {
  /** sk_live_…, sk_test_… or a restricted rk_… key with PaymentIntents and Refunds write access. */
  secretKey: string;
  /** Only for tests: a local stand-in for api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Retries of failed network calls; safe because every call carries an idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
};

/** The Stripe client the adapter uses (also handy for the webhook: it needs no key). */
export function createStripeClient(options: StripeProviderOptions): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Wellspring' },
    ...(options.api
      ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol }
      : {}),
  });
}

const UNAVAILABLE = 'Card payments are unavailable right now. Please try again in a few minutes.';

/**
 * Turns an SDK failure into an AppError the person can act on. Network trouble, rate limits and
 * Stripe outages are SERVICE_UNAVAILABLE; a refused amount is a VALIDATION_ERROR with Stripe's own
 * explanation; anything else (a bad key, missing permissions) is our configuration: INTERNAL_ERROR,
 * with the cause kept for the log.
 */
function toAppError(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeError) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    )
      return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE, { cause: error });
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.code === 'amount_too_small' || error.code === 'amount_too_large')
    )
      return new AppError('VALIDATION_ERROR', error.message, {
        details: [{ path: 'amount', message: error.message }],
        cause: error,
      });
  }
  return new AppError('INTERNAL_ERROR', undefined, { cause: error });
}

/**
 * The Stripe implementation of PaymentProvider. A top-up is a PaymentIntent created on the server
 * (our payment id as metadata and as the idempotency key, so a retried create never makes a second
 * intent) and confirmed in the browser with its client secret; the wallet is credited only by the
 * signed webhook (stripe-webhook.ts). A refund is a Refund keyed by our refund id.
 */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    async createPayment({ paymentId, amount, currency, customerEmail }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            metadata: { payment_id: paymentId },
            automatic_payment_methods: { enabled: true },
            ...(customerEmail ? { receipt_email: customerEmail } : {}),
          },
          { idempotencyKey: paymentId },
        );
        return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw toAppError(error);
      }
    },
    async refund({ providerPaymentId, amount, refundId }) {
      try {
        await stripe.refunds.create(
          { payment_intent: providerPaymentId, amount, metadata: { refund_id: refundId } },
          { idempotencyKey: refundId },
        );
      } catch (error) {
        throw toAppError(error);
      }
    },
  };
}
