import { paymentsApi as endpoints } from '#contracts/payments.api';
import type { HttpApp, Route } from '#server/http/route';
import type { StripeWebhookService } from './stripe-webhook.service';

/**
 * POST /api/payments/stripe/webhook (contracts/payments.api.ts). `app` must be a scope of its own: the
 * body is read as RAW bytes there (a JSON parser scoped to it, so no other route changes) because the
 * signature covers the exact bytes Stripe sent.
 */
export function stripeWebhookRoutes(app: HttpApp, route: Route, webhook: StripeWebhookService) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  route(app, endpoints.stripeWebhook, async ({ request }) =>
    webhook.receive(request.body, request.headers['stripe-signature'], request.log),
  );
}
