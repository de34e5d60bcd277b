/**
 * Money is an integer number of cents, branded so a plain number (minutes, a count, dollars) cannot be
 * passed where cents are expected without going through `cents()`. Rounding lives here and only here:
 * `divideRounded` is the one rounding rule of the product.
 */
declare const centsBrand: unique symbol;
export type Cents = number & { readonly [centsBrand]: 'Cents' };

export class InvalidCentsError extends Error {
  constructor(value: unknown) {
    super(`Not an amount of cents (a safe integer): ${String(value)}`);
    this.name = 'InvalidCentsError';
  }
}

export const isCents = (value: unknown): value is Cents =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** The one constructor: an integer number of cents (may be negative: ledger entries are signed). */
export function cents(value: number): Cents {
  if (!isCents(value)) throw new InvalidCentsError(value);
  return value;
}

/** A non-negative amount (a price, a balance that must not go below zero). */
export function nonNegativeCents(value: number): Cents {
  const amount = cents(value);
  if (amount < 0) throw new InvalidCentsError(value);
  return amount;
}

/** PostgreSQL bigint sums arrive as strings; refuses anything that is not an exact safe integer. */
export function centsFromDatabase(value: string | number | bigint | null): Cents {
  if (value === null) return cents(0);
  if (typeof value === 'string' && !/^-?\d+$/.test(value)) throw new InvalidCentsError(value);
  const amount = typeof value === 'bigint' ? Number(value) : Number(value);
  if (typeof value !== 'number' && BigInt(amount) !== BigInt(value)) throw new InvalidCentsError(value);
  return cents(amount);
}

export const ZERO_CENTS = cents(0);

export const addCents = (...amounts: Cents[]): Cents => cents(amounts.reduce<number>((sum, a) => sum + a, 0));
export const subtractCents = (from: Cents, amount: Cents): Cents => cents(from - amount);
export const negateCents = (amount: Cents): Cents => cents(amount === 0 ? 0 : -amount);
export const maxCents = (a: Cents, b: Cents): Cents => (a >= b ? a : b);

/**
 * THE rounding rule: numerator / denominator rounded to the nearest integer, exact halves rounded
 * away from zero (2.5 -> 3, -2.5 -> -3). Integer arithmetic only, so no floating-point drift.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0)
    throw new RangeError(
      `divideRounded needs safe integers and a non-zero divisor: ${numerator}/${denominator}`,
    );
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const quotient = Math.floor(n / d);
  const remainder = n - quotient * d;
  const magnitude = remainder * 2 >= d ? quotient + 1 : quotient;
  return magnitude === 0 ? 0 : sign * magnitude;
}
