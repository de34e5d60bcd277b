import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response. The policy is static, so the header set is built once; a
 * per-request middleware (helmet) spent more CPU than the rest of a health request re-deriving it.
 * SPEC §6: the page's content-security settings allow a card payment provider, a maps service and
 * the backend host; those hosts are added here with their capabilities. No inline script is ever
 * allowed: the theme is applied before first paint by /theme-init.js.
 */
const CONTENT_SECURITY_POLICY = {
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

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; '),
  // Browsers ignore HSTS over plain HTTP, so it is safe to send it always.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(self)',
  'x-permitted-cross-domain-policies': 'none',
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
});
