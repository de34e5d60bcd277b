import { z } from 'zod';

/**
 * POST /api/payments/stripe/webhook answers Stripe with this (Stripe reads only the status: any 2xx
 * means delivered). `outcome` says what the delivery did, for logs and tests.
 */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored', 'refused']),
});
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;
