/**
 * The card payment provider behind wallet top-ups. Two implementations: the demo provider
 * (the embedded default, "Demo payments — no real money") and Stripe. A top-up is created on the server,
 * confirmed by the browser, and credited to the wallet ONLY when the provider reports success as an
 * event (the Stripe webhook; the demo provider's confirmation produces the same event shape), through one
 * ledger path. Events are deduplicated by (provider, event id) in the same transaction as the credit.
 */
export type PaymentProviderName = 'demo' | 'stripe';

/** What the browser needs to confirm the payment (Stripe: the PaymentIntent's client secret). */
export type CreatedPayment = {
  providerPaymentId: string;
  clientSecret: string | null;
};

/** A verified event from the provider about one payment or refund. */
export type PaymentEvent = {
  provider: PaymentProviderName;
  /** Unique per provider; the deduplication key. */
  eventId: string;
  type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded';
  providerPaymentId: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  failureReason?: string;
};

export type PaymentProvider = {
  name: PaymentProviderName;
  /** Creates the payment at the provider; `paymentId` is our own id, sent as metadata/idempotency key. */
  createPayment(input: {
    paymentId: string;
    amount: number;
    currency: string;
    customerEmail: string | null;
  }): Promise<CreatedPayment>;
  /** Asks the provider to refund (part of) a succeeded payment; the refund is credited back by its event. */
  refund(input: { providerPaymentId: string; amount: number; refundId: string }): Promise<void>;
};
