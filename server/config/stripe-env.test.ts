import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('Stripe configuration', () => {
  it('is all unset by default', () => {
    expect(loadConfig({}).stripe).toEqual({
      secretKey: undefined,
      publishableKey: undefined,
      webhookSecret: undefined,
    });
  });

  it('reads the three keys', () => {
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
    });
  });

  it('names keys that are swapped or mistyped', () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: 'pk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'abc123',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('requires all three keys with PAYMENTS_PROVIDER=stripe', () => {
    expect(problemsOf({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc123' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: required when PAYMENTS_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe',
    ]);
  });
});
