import type { Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js, loaded only when a Stripe card payment is about to happen (the wallet's Add funds with
 * PAYMENTS_PROVIDER=stripe). The official loader comes from `@stripe/stripe-js/pure`, imported
 * dynamically: the loader is its own chunk, and the pure entry adds the js.stripe.com script only when
 * asked (the default entry would add it as soon as the module is imported). One Stripe instance per
 * publishable key; a failed load is forgotten so "Try again" loads afresh.
 */
const instances = new Map<string, Promise<Stripe>>();

export function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const existing = instances.get(publishableKey);
  if (existing) return existing;
  const loading = import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available in this window.');
      return stripe;
    });
  instances.set(publishableKey, loading);
  loading.catch(() => instances.delete(publishableKey));
  return loading;
}

/** Tests only: forget loaded instances between tests. */
export function forgetStripeJs() {
  instances.clear();
}
