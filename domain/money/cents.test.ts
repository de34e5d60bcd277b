import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCents,
  cents,
  centsFromDatabase,
  divideRounded,
  InvalidCentsError,
  isCents,
  nonNegativeCents,
} from './cents';

describe('cents', () => {
  it('accepts safe integers only', () => {
    expect(cents(3000)).toBe(3000);
    expect(cents(-25)).toBe(-25);
    expect(isCents(1.5)).toBe(false);
    expect(() => cents(0.1 + 0.2)).toThrow(InvalidCentsError);
    expect(() => cents(Number.NaN)).toThrow(InvalidCentsError);
    expect(() => cents(2 ** 53)).toThrow(InvalidCentsError);
    expect(() => nonNegativeCents(-1)).toThrow(InvalidCentsError);
    expect(addCents(cents(1), cents(2), cents(-4))).toBe(-1);
  });

  it('reads bigint text from PostgreSQL exactly, refusing fractions and unsafe values', () => {
    expect(centsFromDatabase('-1200')).toBe(-1200);
    expect(centsFromDatabase(null)).toBe(0);
    expect(() => centsFromDatabase('12.5')).toThrow(InvalidCentsError);
    expect(() => centsFromDatabase('9007199254740993')).toThrow(InvalidCentsError);
  });

  it('rounds exact halves away from zero (the one rounding rule)', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(7, 2)).toBe(4);
    expect(divideRounded(1, 3)).toBe(0);
    expect(divideRounded(2, 3)).toBe(1);
    expect(divideRounded(-2, 3)).toBe(-1);
    expect(divideRounded(0, 7)).toBe(0);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });

  it('is the nearest integer, never more than half away (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (numerator, denominator) => {
          const rounded = divideRounded(numerator, denominator);
          const error = Math.abs(rounded * denominator - numerator);
          expect(error * 2).toBeLessThanOrEqual(denominator);
          // Symmetric around zero: rounding does not depend on the sign.
          expect(divideRounded(-numerator, denominator)).toBe(rounded === 0 ? 0 : -rounded);
        },
      ),
    );
  });
});
