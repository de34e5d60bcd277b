import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';

type Directives = Record<string, readonly string[]>;

/**
 * The base policy. SPEC §6: the page's content-security settings allow a card payment provider, a maps
 * service and the backend host; those hosts are added with their capabilities (see STRIPE_SOURCES). No
 * inline script is ever allowed: the theme is applied before first paint by /theme-init.js.
 */
const BASE_POLICY: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Inline style attributes are used by accessible primitives (positioning); styles cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Google profile pictures after Google sign-in.
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Stripe.js and its Elements, as Stripe's integration security guide lists them: the script (and the
 * versioned subdomains it now loads from), the card-field and 3-D Secure frames, and its API. Added
 * only when PAYMENTS_PROVIDER=stripe; the demo provider needs nothing outside Wellspring.
 */
export const STRIPE_SOURCES: Directives = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

export type SecurityHeadersOptions = { paymentsProvider: Config['paymentsProvider'] };

/**
 * The Content-Security-Policy for this configuration. A directive the base policy leaves out (frame-src)
 * starts from default-src when a provider extends it, so 'self' keeps its meaning.
 */
export function contentSecurityPolicy({ paymentsProvider }: SecurityHeadersOptions): string {
  const policy: Record<string, string[]> = Object.fromEntries(
    Object.entries(BASE_POLICY).map(([directive, sources]) => [directive, [...sources]]),
  );
  if (paymentsProvider === 'stripe')
    for (const [directive, sources] of Object.entries(STRIPE_SOURCES))
      policy[directive] = [...(policy[directive] ?? BASE_POLICY['default-src'] ?? []), ...sources];
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Security headers on every response. The policy depends only on configuration, so the header set is
 * built once per process; a per-request middleware (helmet) spent more CPU than the rest of a health
 * request re-deriving it.
 */
export function buildSecurityHeaders(options: SecurityHeadersOptions): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': contentSecurityPolicy(options),
    // Browsers ignore HSTS over plain HTTP, so it is safe to send it always.
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(self)',
    'x-permitted-cross-domain-policies': 'none',
  });
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: Partial<SecurityHeadersOptions>) => {
    const headers = buildSecurityHeaders({ paymentsProvider: options.paymentsProvider ?? 'demo' });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
);
