import { describe, expect, it } from 'vitest';
import { toInternalPath } from '#contracts/oauth';

/** The redirect target after Google sign-in (server /authorize and the web return page share it). */
describe('toInternalPath', () => {
  it.each([
    ['/', '/'],
    ['/portal', '/portal'],
    ['/portal?tab=sessions#today', '/portal?tab=sessions#today'],
    ['/coach/ada-lovelace', '/coach/ada-lovelace'],
    ['/a/../client-portal', '/client-portal'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/search?q=https://evil.example', '/search?q=https://evil.example'],
  ])('keeps the internal path %j', (value, expected) => {
    expect(toInternalPath(value)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/portal',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n//evil.example',
    '/\u2028/evil.example',
    'https://evil.example/portal',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    ' /portal',
    '',
    `/${'a'.repeat(2048)}`,
  ])('falls back to / for %j', (value) => {
    expect(toInternalPath(value)).toBe('/');
  });

  it.each([undefined, null, 42, ['/portal'], { path: '/portal' }])(
    'falls back for the non-string %j',
    (value) => {
      expect(toInternalPath(value)).toBe('/');
    },
  );

  it('uses the given fallback', () => {
    expect(toInternalPath('//evil.example', '/settings')).toBe('/settings');
    expect(toInternalPath(undefined, '/settings')).toBe('/settings');
  });
});
