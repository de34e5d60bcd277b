import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
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

/** The policy's directives for this configuration, in order (base policy first, then frame-src). */
function cspDirectives({ paymentsProvider }: SecurityHeadersOptions): Record<string, string[]> {
  const policy: Record<string, string[]> = Object.fromEntries(
    Object.entries(BASE_POLICY).map(([directive, sources]) => [directive, [...sources]]),
  );
  if (paymentsProvider === 'stripe')
    for (const [directive, sources] of Object.entries(STRIPE_SOURCES))
      policy[directive] = [...(policy[directive] ?? BASE_POLICY['default-src'] ?? []), ...sources];
  return policy;
}

/**
 * helmet's options for our header values (X-Content-Type-Options: nosniff is helmet's default). Headers helmet would add by default that Wellspring never sent
 * (Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-XSS-Protection, COEP) stay off.
 */
const helmetOptions = (options: SecurityHeadersOptions): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
  // Browsers ignore HSTS over plain HTTP, so it is safe to send it always.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xXssProtection: false,
  xPoweredBy: false,
});

/**
 * Runs helmet's middleware once against a recorder and keeps the headers it sets. Nothing in our
 * configuration depends on the request (no nonces), so one run gives every response's headers.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The Content-Security-Policy for this configuration, as helmet writes it (directives joined by ";"). */
export function contentSecurityPolicy(options: SecurityHeadersOptions): string {
  return buildSecurityHeaders(options)['content-security-policy'] ?? '';
}

/**
 * Security headers on every response: helmet's values for our options, plus Permissions-Policy (which
 * helmet does not write). The set depends only on configuration, so it is built once per process and
 * applied as it is: @fastify/helmet rebuilds helmet's middleware on every request, which cost more CPU
 * than the rest of a health request (see docs/decisions/007-libraries-and-hand-written-infrastructure.md).
 */
export function buildSecurityHeaders(options: SecurityHeadersOptions): Readonly<Record<string, string>> {
  return Object.freeze({
    ...helmetHeaders(helmetOptions(options)),
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(self)',
  });
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: Partial<SecurityHeadersOptions>) => {
    const headers = buildSecurityHeaders({ paymentsProvider: options.paymentsProvider ?? 'demo' });
    // A callback hook, not an async one: no promise per request for a synchronous step.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
);
