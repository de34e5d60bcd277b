import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#contracts/auth';
import { accessTokenAal, accessTokenSessionId, needsSecondFactor } from './assurance';

const token = (claims: object) =>
  `eyJhbGciOiJFUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

const userWith = (status: 'verified' | 'unverified' | null) =>
  ({
    factors: status
      ? [{ id: 'f', friendly_name: null, factor_type: 'totp', status, created_at: '', updated_at: '' }]
      : [],
  }) as unknown as AuthUser;

describe('access token claims (display only)', () => {
  it('reads aal and session_id', () => {
    expect(accessTokenAal(token({ aal: 'aal2' }))).toBe('aal2');
    expect(accessTokenSessionId(token({ session_id: 's-9' }))).toBe('s-9');
  });

  it('answers null for anything else', () => {
    expect(accessTokenAal(null)).toBeNull();
    expect(accessTokenAal('not-a-token')).toBeNull();
    expect(accessTokenAal(token({ aal: 'aal3' }))).toBeNull();
    expect(accessTokenSessionId(token({}))).toBeNull();
  });
});

describe('needsSecondFactor', () => {
  it('is true only when signed in at aal1 with a verified factor', () => {
    const aal1 = token({ aal: 'aal1' });
    expect(needsSecondFactor({ status: 'signed_in', user: userWith('verified'), accessToken: aal1 })).toBe(
      true,
    );
    expect(
      needsSecondFactor({
        status: 'signed_in',
        user: userWith('verified'),
        accessToken: token({ aal: 'aal2' }),
      }),
    ).toBe(false);
    expect(needsSecondFactor({ status: 'signed_in', user: userWith('unverified'), accessToken: aal1 })).toBe(
      false,
    );
    expect(needsSecondFactor({ status: 'signed_in', user: userWith(null), accessToken: aal1 })).toBe(false);
    expect(needsSecondFactor({ status: 'signed_out', user: null, accessToken: null })).toBe(false);
  });
});
