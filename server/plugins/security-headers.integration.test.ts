import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walletSchema } from '#contracts/wallet';
import { signUp } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

/**
 * The Content-Security-Policy per payment provider: Stripe.js is allowed only when
 * PAYMENTS_PROVIDER=stripe, and then the signed-in browser gets the publishable key from GET /api/wallet.
 * Nothing here calls Stripe: building the app and reading the wallet stay on this machine.
 */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-csp-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><title>Wellspring</title><div id="root"></div>',
);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const STRIPE_ENV = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_cspIntegration0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_cspIntegration0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_cspIntegration0123456789',
  WEB_DIST_DIR: distDir,
};

const directive = (policy: string | undefined, name: string) =>
  (policy ?? '')
    .split(/;\s*/)
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('with the demo provider (the default)', () => {
  const t = useTestApp({ WEB_DIST_DIR: distDir });

  it('serves the page and the API with a policy that allows nothing of Stripe', async () => {
    for (const url of ['/wallet', '/api/health', '/api/does-not-exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = response.headers['content-security-policy'] as string | undefined;
      expect(policy, url).toBeDefined();
      expect(policy, url).not.toContain('stripe');
      expect(directive(policy, 'script-src'), url).toEqual(["'self'"]);
      expect(directive(policy, 'connect-src'), url).toEqual(["'self'"]);
      expect(directive(policy, 'frame-src'), url).toBeUndefined();
    }
  });

  it('gives the browser no publishable key', async () => {
    const { session } = await signUp(t.app);
    const response = await t.call(session, 'GET', '/api/wallet');
    expect(response.statusCode).toBe(200);
    const wallet = walletSchema.parse(response.json());
    expect(wallet.provider).toBe('demo');
    expect(response.json<Record<string, unknown>>().stripe_publishable_key).toBeNull();
  });
});

describe('with PAYMENTS_PROVIDER=stripe', () => {
  const t = useTestApp(STRIPE_ENV);

  it("allows Stripe.js's script, frames and API on the page and on API answers alike", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/wallet' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const response of [page, api]) {
      const policy = response.headers['content-security-policy'] as string | undefined;
      expect(directive(policy, 'script-src')).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(directive(policy, 'frame-src')).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
      expect(policy).not.toContain('unsafe-eval');
    }
    // One header per process: every answer carries the same policy.
    expect(page.headers['content-security-policy']).toBe(api.headers['content-security-policy']);
  });

  it('gives the signed-in browser the publishable key, and nobody else', async () => {
    const { session } = await signUp(t.app);
    const response = await t.call(session, 'GET', '/api/wallet');
    expect(response.statusCode).toBe(200);
    const wallet = walletSchema.parse(response.json());
    expect(wallet.provider).toBe('stripe');
    expect(wallet.stripe_publishable_key).toBe(STRIPE_ENV.STRIPE_PUBLISHABLE_KEY);
    // The secret keys never leave the server.
    expect(response.body).not.toContain(STRIPE_ENV.STRIPE_SECRET_KEY);
    expect(response.body).not.toContain(STRIPE_ENV.STRIPE_WEBHOOK_SECRET);

    const anonymous = await t.call(null, 'GET', '/api/wallet');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('pk_test_');
  });
});
