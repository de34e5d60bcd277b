import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, matchTotpStep, totpCode, totpStep } from './totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8-digit codes.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('matches the RFC 6238 test vector at T=%i', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)), 8)).toBe(expected);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts codes one step either side, refuses two steps away', () => {
    const secret = generateTotpSecret();
    const at = new Date('2026-11-21T10:00:15Z');
    const step = totpStep(at);
    expect(matchTotpStep(secret, totpCode(secret, step), at, null)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, step - 1), at, null)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, step + 1), at, null)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, step - 2), at, null)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step + 2), at, null)).toBeNull();
  });

  it('refuses a code whose step was already used', () => {
    const secret = generateTotpSecret();
    const at = new Date('2026-11-21T10:00:15Z');
    const step = totpStep(at);
    expect(matchTotpStep(secret, totpCode(secret, step), at, step)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step - 1), at, step - 1)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step + 1), at, step)).toBe(step + 1);
  });
});
