import { describe, expect, it } from 'vitest';
import { requestHash } from './idempotency.service';

/**
 * Hashes stored with idempotency keys must not change when the canonical JSON is produced differently:
 * a replayed request would otherwise be refused as IDEMPOTENCY_KEY_REUSED. These were computed with the
 * hand-written canonical JSON that came before the library.
 */
describe('requestHash', () => {
  it.each<[string, unknown, string]>([
    [
      'POST /api/wallet/top-ups',
      { amount_cents: 2500 },
      '8d028397a62f5cc1c6c8ad5e7e8589d8ad7e9ba26d63aa704bc6f9e5184a4307',
    ],
    [
      'POST /api/gifts',
      {
        recipient_email: 'ana@example.com',
        amount_cents: 5000,
        message: 'Für dich — 🎁 "enjoy"\n',
        send_at: null,
      },
      'e5672bc26141420154a657f0eaf337baf4043f81d2e1f1eba0806b5c412acfbe',
    ],
    [
      'POST /api/session-requests',
      {
        coach_id: 'c1',
        slots: [{ b: 2, a: 1 }, { a: [3, null, true] }],
        note: undefined,
        z: { y: { x: -0.5 } },
      },
      'd3f48c74fa0047b7d8c627f922d439a32aec732878a3c6d4cb0e87774aefbc95',
    ],
    ['POST /api/payouts', null, '32693d44302229dfe98aa4e69ebe690a2f89767b49367822d69fd15be1b79ce6'],
    ['POST /api/payouts', undefined, '32693d44302229dfe98aa4e69ebe690a2f89767b49367822d69fd15be1b79ce6'],
    [
      'POST /api/x',
      [1, 'two', { B: 1, a: 2, _: 3, é: 4, '10': 5, '9': 6 }],
      'b1650e3d413c3ab47636edc02591b5c204cdb11efbcea0a05d8f8e3c2dbb0f83',
    ],
  ])('keeps the stored hash of %s %j', (methodPath, body, hash) => {
    expect(requestHash(methodPath, body)).toBe(hash);
  });

  it('ignores key order and undefined members, and tells other bodies and endpoints apart', () => {
    const hash = requestHash('POST /api/gifts', { a: 1, b: { c: 2, d: [3] } });
    expect(requestHash('POST /api/gifts', { b: { d: [3], c: 2 }, a: 1, e: undefined })).toBe(hash);
    expect(requestHash('POST /api/gifts', { a: 1, b: { c: 2, d: [4] } })).not.toBe(hash);
    expect(requestHash('POST /api/coupons', { a: 1, b: { c: 2, d: [3] } })).not.toBe(hash);
  });
});
