import { describe, expect, it } from 'vitest';
import { assessPassword } from './password-strength';

describe('assessPassword', () => {
  it('refuses short passwords with a reason', () => {
    const result = assessPassword('abc12');
    expect(result.acceptable).toBe(false);
    expect(result.reasons).toEqual(['Use at least 8 characters.']);
  });

  it.each(['password', 'password123', 'qwertyuiop', '12345678', 'iloveyou1', 'letmein!', 'Passw0rd!'])(
    'refuses the common password %s with a reason',
    (password) => {
      const result = assessPassword(password);
      expect(result.acceptable).toBe(false);
      expect(result.reasons.length).toBeGreaterThan(0);
      expect(result.reasons[0]).not.toBe('');
    },
  );

  it('refuses passwords built from the person’s own email or name', () => {
    expect(assessPassword('maya.thompson', ['maya.thompson@example.com', 'Maya Thompson']).acceptable).toBe(
      false,
    );
  });

  it('refuses the email address itself, its local part and the phone number, with the reason', () => {
    const email = 'emailpw-x@example.test';
    for (const password of [email, 'EmailPW-X@Example.test', 'emailpw-x', 'emailpw-x2024', `${email}!`]) {
      const result = assessPassword(password, [email]);
      expect(result.acceptable, password).toBe(false);
      expect(result.codes, password).toEqual(['email']);
      expect(result.reasons[0], password).toMatch(/email address/);
    }
    const long = 'river.stone.lantern@example.test';
    expect(assessPassword(long, [long]).codes).toEqual(['email']);
    expect(assessPassword('river.stone.lantern', [long]).codes).toEqual(['email']);
    expect(assessPassword('+1 415 555 0123', ['+14155550123']).codes).toEqual(['phone']);
    expect(assessPassword('4155550123', ['+14155550123']).codes).toEqual(['phone']);
    // Unrelated to the address: still fine.
    expect(assessPassword('harbor lantern violet oat', [long]).acceptable).toBe(true);
  });

  it('gives GoTrue-style reason codes', () => {
    expect(assessPassword('abc12').codes).toEqual(['length']);
    expect(assessPassword('password123').codes).toEqual(['guessable']);
    expect(assessPassword('harbor lantern violet oat').codes).toEqual([]);
  });

  it('accepts long unrelated passphrases and random strings, with no composition rules', () => {
    expect(assessPassword('harbor lantern violet oat').acceptable).toBe(true);
    expect(assessPassword('kq7vz2mfx9tr').acceptable).toBe(true);
    expect(assessPassword('x'.repeat(3) + 'ünïcödé pässwörd grüße').acceptable).toBe(true);
  });

  it('accepts up to 256 characters and refuses more', () => {
    const long = 'correct horse battery staple '.repeat(9).slice(0, 256);
    expect(assessPassword(long).acceptable).toBe(true);
    expect(assessPassword(`${long}x`).acceptable).toBe(false);
  });
});
