import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, matchTotpStep, totpCode, totpStep, totpUri } from './totp';

// RFC 6238 appendix B: the seeds are ASCII digits (20 bytes for SHA-1, 32 for SHA-256, 64 for SHA-512).
const seed = (length: number) => Secret.fromLatin1('1234567890'.repeat(7).slice(0, length)).base32;
const RFC_SECRET = seed(20);

/**
 * A secret in the format already stored for enrolled factors (20 bytes, base32 without padding, made by
 * the hand-written encoder before otpauth), with the codes that encoder's HOTP gave around one instant.
 */
const STORED_SECRET = 'VN5MGSMA2VRCPMSIRIHRZDFL3ZRFE6ZC';
const STORED_AT = new Date('2026-11-21T10:00:15Z');
const STORED_CODES = { previous: '813007', current: '940959', next: '943810' };

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

  it.each([
    ['sha256', 32, 59, '46119246'],
    ['sha256', 32, 1111111109, '68084774'],
    ['sha512', 64, 59, '90693936'],
    ['sha512', 64, 2000000000, '38618901'],
  ] as const)(
    'matches the RFC 6238 %s test vector (%i-byte seed) at T=%i',
    (algorithm, length, seconds, expected) => {
      expect(totpCode(seed(length), totpStep(new Date(seconds * 1000)), 8, algorithm)).toBe(expected);
    },
  );

  it('makes 160-bit base32 secrets without padding', () => {
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(generateTotpSecret());
  });

  it('still verifies the codes of a secret stored before the library', () => {
    const step = totpStep(STORED_AT);
    expect(step).toBe(59841840);
    expect(totpCode(STORED_SECRET, step - 1)).toBe(STORED_CODES.previous);
    expect(totpCode(STORED_SECRET, step)).toBe(STORED_CODES.current);
    expect(totpCode(STORED_SECRET, step + 1)).toBe(STORED_CODES.next);
    expect(matchTotpStep(STORED_SECRET, STORED_CODES.current, STORED_AT, null)).toBe(step);
    expect(matchTotpStep(STORED_SECRET, STORED_CODES.previous, STORED_AT, null)).toBe(step - 1);
    expect(matchTotpStep(STORED_SECRET, STORED_CODES.next, STORED_AT, step)).toBe(step + 1);
    // A lower-case copy of the same secret is the same key.
    expect(totpCode(STORED_SECRET.toLowerCase(), step)).toBe(STORED_CODES.current);
  });

  it('refuses codes of another length or with other characters', () => {
    const step = totpStep(STORED_AT);
    expect(matchTotpStep(STORED_SECRET, `${STORED_CODES.current}0`, STORED_AT, null)).toBeNull();
    expect(matchTotpStep(STORED_SECRET, STORED_CODES.current.slice(1), STORED_AT, null)).toBeNull();
    expect(matchTotpStep(STORED_SECRET, '', STORED_AT, null)).toBeNull();
    expect(matchTotpStep(STORED_SECRET, STORED_CODES.current, STORED_AT, step - 1)).toBe(step);
  });

  it('writes the key URI authenticator apps read', () => {
    const uri = new URL(totpUri(STORED_SECRET, 'ana@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Wellspring:ana@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Wellspring',
      secret: STORED_SECRET,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
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
