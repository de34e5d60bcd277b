import type { HttpApp, Route } from '#server/http/route';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { createStripeWebhookService } from './stripe-webhook.service';

export type PaymentsModuleDeps = Parameters<typeof createStripeWebhookService>[0] & { route: Route };

/**
 * The payments module: Stripe's signed webhook (registered only when STRIPE_WEBHOOK_SECRET is set). Its
 * raw-body JSON parser lives in an encapsulated scope, so no other route reads bodies that way.
 */
export async function registerPayments(app: HttpApp, deps: PaymentsModuleDeps): Promise<void> {
  const { route, ...serviceDeps } = deps;
  const webhook = createStripeWebhookService(serviceDeps);
  await app.register(async (scope: HttpApp) => stripeWebhookRoutes(scope, route, webhook));
}
