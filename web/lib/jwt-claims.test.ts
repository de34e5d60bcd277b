import { describe, expect, it } from 'vitest';
import { accessTokenClaims } from './jwt-claims';

// As the server encodes: UTF-8 bytes, then base64url.
const base64url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const token = (payload: unknown) =>
  `${base64url('{"alg":"ES256"}')}.${base64url(JSON.stringify(payload))}.sig`;

describe('accessTokenClaims', () => {
  it('reads sub, session_id, aal and exp', () => {
    expect(accessTokenClaims(token({ sub: 'u1', session_id: 's1', aal: 'aal2', exp: 10, other: 1 }))).toEqual(
      {
        sub: 'u1',
        session_id: 's1',
        aal: 'aal2',
        exp: 10,
      },
    );
  });

  it('decodes UTF-8 and base64url characters', () => {
    expect(accessTokenClaims(token({ sub: 'Ünïcødé ~~~ ???', aal: 'aal1' }))).toEqual({
      sub: 'Ünïcødé ~~~ ???',
      aal: 'aal1',
    });
  });

  it('ignores unknown aal values and answers null for anything that is not a token', () => {
    expect(accessTokenClaims(token({ aal: 'aal3' }))).toEqual({});
    expect(accessTokenClaims(null)).toBeNull();
    expect(accessTokenClaims('garbage')).toBeNull();
    expect(accessTokenClaims('a.!!!.c')).toBeNull();
    expect(accessTokenClaims(token('just a string'))).toBeNull();
  });
});
