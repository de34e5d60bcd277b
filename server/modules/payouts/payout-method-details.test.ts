import { describe, expect, it } from 'vitest';
import { payoutMethodCreateBodySchema } from '#contracts/payouts';
import { detailsOf, labelOf, maskEmail, payoutDetailsOf } from './payout-method-details';

describe('maskEmail', () => {
  it.each([
    ['casey@example.com', 'ca••@example.com'],
    ['ab@example.com', 'a••@example.com'],
    ['a@example.com', 'a••@example.com'],
    ['no-at-sign', '••'],
  ])('%s -> %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('payout method bodies', () => {
  it('cleans what people type, and labels a bank account by its bank and last four digits', () => {
    const body = payoutMethodCreateBodySchema.parse({
      kind: 'bank_account',
      holder_name: '  Casey Coach ',
      bank_name: 'Chase',
      routing_number: '021-000 021',
      account_number: '0001 2345 6789',
    });
    expect(detailsOf(body)).toEqual({
      holder_name: 'Casey Coach',
      bank_name: 'Chase',
      routing_number: '021000021',
      account_number: '000123456789',
    });
    expect(labelOf(body)).toBe('Chase ••6789');
    expect(payoutDetailsOf('bank_account', detailsOf(body))).toEqual({
      kind: 'bank_account',
      ...detailsOf(body),
    });
  });

  it('stores a PayPal address in lower case and shows it masked', () => {
    const body = payoutMethodCreateBodySchema.parse({ kind: 'paypal', email: ' Casey.Coach@Example.COM ' });
    expect(detailsOf(body)).toEqual({ email: 'casey.coach@example.com' });
    expect(labelOf(body)).toBe('PayPal ca••@example.com');
    expect(payoutDetailsOf('paypal', detailsOf(body))).toEqual({
      kind: 'paypal',
      email: 'casey.coach@example.com',
    });
  });

  it('shortens a very long bank name in the label', () => {
    const body = payoutMethodCreateBodySchema.parse({
      kind: 'bank_account',
      holder_name: 'A',
      bank_name: 'The Very Long Name Of A Community Credit Union Of Somewhere',
      routing_number: '021000021',
      account_number: '1234',
    });
    expect(labelOf(body)).toBe('The Very Long Name Of A Community Credi… ••1234');
  });

  it('refuses malformed details, and returns null for rows that lack what their kind needs', () => {
    expect(
      payoutMethodCreateBodySchema.safeParse({ kind: 'bank_account', routing_number: '1' }).success,
    ).toBe(false);
    expect(payoutMethodCreateBodySchema.safeParse({ kind: 'wire', email: 'a@b.co' }).success).toBe(false);
    expect(payoutDetailsOf('paypal', {})).toBeNull();
    expect(payoutDetailsOf('bank_account', { bank_name: 'x' })).toBeNull();
  });
});
