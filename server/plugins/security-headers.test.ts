import { describe, expect, it } from 'vitest';
import { buildSecurityHeaders, contentSecurityPolicy } from './security-headers';

/** The policy as a map: directive -> its sources (helmet joins directives with ";", CSP allows "; "). */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(/;\s*/).map((part) => {
      const [name = '', ...sources] = part.split(' ');
      return [name, sources];
    }),
  );
}

describe('Content-Security-Policy', () => {
  it('allows nothing outside Wellspring with the demo provider', () => {
    const policy = contentSecurityPolicy({ paymentsProvider: 'demo' });
    expect(policy).not.toContain('stripe');
    const parsed = directives(policy);
    expect(parsed.get('script-src')).toEqual(["'self'"]);
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    // No frame-src of its own: frames fall back to default-src 'self'.
    expect(parsed.has('frame-src')).toBe(false);
    expect(parsed.get('default-src')).toEqual(["'self'"]);
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("adds exactly Stripe.js's hosts, each to its own directive, with Stripe", () => {
    const demo = directives(contentSecurityPolicy({ paymentsProvider: 'demo' }));
    const stripe = directives(contentSecurityPolicy({ paymentsProvider: 'stripe' }));
    expect(stripe.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripe.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(stripe.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    // Everything else is the demo policy, unchanged: still no inline script, still never framed.
    for (const [directive, sources] of demo) {
      if (['script-src', 'connect-src'].includes(directive)) continue;
      expect(stripe.get(directive), directive).toEqual(sources);
    }
    expect([...stripe.keys()].sort()).toEqual([...demo.keys(), 'frame-src'].sort());
    expect(stripe.get('script-src')).not.toContain("'unsafe-inline'");
    expect(stripe.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('builds the same frozen header set for the same configuration', () => {
    const headers = buildSecurityHeaders({ paymentsProvider: 'stripe' });
    expect(Object.isFrozen(headers)).toBe(true);
    expect(headers).toEqual(buildSecurityHeaders({ paymentsProvider: 'stripe' }));
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy({ paymentsProvider: 'stripe' }));
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('sends every header value Wellspring sent before helmet, the policy directive by directive', () => {
    const headers = buildSecurityHeaders({ paymentsProvider: 'stripe' });
    expect(Object.keys(headers).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'permissions-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
    ]);
    expect(headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(self)',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect([...directives(headers['content-security-policy'] ?? '')]).toEqual([
      ['default-src', ["'self'"]],
      ['script-src', ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']],
      ['style-src', ["'self'", "'unsafe-inline'"]],
      ['img-src', ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com']],
      ['font-src', ["'self'"]],
      ['connect-src', ["'self'", 'https://api.stripe.com']],
      ['media-src', ["'self'", 'blob:']],
      ['worker-src', ["'self'", 'blob:']],
      ['object-src', ["'none'"]],
      ['base-uri', ["'none'"]],
      ['form-action', ["'self'"]],
      ['frame-ancestors', ["'none'"]],
      [
        'frame-src',
        ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      ],
    ]);
  });
});
