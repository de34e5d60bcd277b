import { defineEndpoint } from './endpoint';
import { stripeWebhookResponseSchema } from './payments';

/**
 * Stripe's signed webhook: public, the signature is the authentication. The body is read as
 * the raw bytes Stripe sent (the signature covers them), so it has no schema here.
 */
export const paymentsApi = {
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    summary: "Stripe's signed events (top-ups and refunds): the only way they reach the wallet",
    tag: 'Payments',
    access: 'public',
    responses: { 200: stripeWebhookResponseSchema },
  }),
};
