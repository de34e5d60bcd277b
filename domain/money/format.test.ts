import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatDecimalDollars, parseDollars } from './format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const MAX = Math.floor(Number.MAX_SAFE_INTEGER / 100);

describe('money format', () => {
  it('writes dollars with two decimals and thousands separators', () => {
    expect(formatCents(8500)).toBe('$85.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatDecimalDollars(1234)).toBe('12.34');
    expect(formatDecimalDollars(-5)).toBe('-0.05');
  });

  it('writes exactly what Intl.NumberFormat (USD) wrote before it replaced it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (amount) => {
        expect(formatCents(amount)).toBe(usd.format(amount / 100));
      }),
    );
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX }), (amount) => {
        expect(parseDollars(formatCents(amount))).toBe(amount);
        expect(parseDollars(formatDecimalDollars(amount))).toBe(amount);
      }),
    );
  });

  it('reads what people type, and refuses what is not an amount', () => {
    expect(parseDollars('30')).toBe(3000);
    expect(parseDollars('30.5')).toBe(3050);
    expect(parseDollars(' $30.50 ')).toBe(3050);
    expect(parseDollars('')).toBeNull();
    expect(parseDollars('-3')).toBeUndefined();
    expect(parseDollars('3.005')).toBeUndefined();
    expect(parseDollars('abc')).toBeUndefined();
  });
});
