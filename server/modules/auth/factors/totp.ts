import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238): HMAC-SHA1, 6 digits, 30-second steps; codes one step either side are accepted.
 * otpauth does the base32 secrets, the HOTP arithmetic and the key URI; the step window, the
 * once-per-step rule and the constant-time compare stay here because they are our policy.
 */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const ISSUER = 'Wellspring';

/** A new 160-bit secret, base32 encoded without padding (what authenticator apps expect). */
export const generateTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code of one step (the HOTP counter is the step number). */
export function totpCode(
  secret: string,
  step: number,
  digits = DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: algorithm.toUpperCase(),
    digits,
    counter: step,
  });
}

/**
 * The step a code matches within ±1 step of `at`, or null. The caller stores the step and refuses
 * any step at or before it next time, so each code works once.
 */
export function matchTotpStep(
  secret: string,
  code: string,
  at: Date,
  lastUsedStep: number | null,
): number | null {
  const current = totpStep(at);
  for (const step of [current - 1, current, current + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = Buffer.from(totpCode(secret, step));
    const given = Buffer.from(code);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** The otpauth:// key URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, accountName: string, issuer = ISSUER): string {
  return new TOTP({
    issuer,
    label: accountName,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString();
}
