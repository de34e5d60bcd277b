import { describe, expect, it } from 'vitest';
import { buildSecurityHeaders, contentSecurityPolicy } from './security-headers';

/** The policy as a map: directive -> its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((part) => {
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
});
