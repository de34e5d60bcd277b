import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './outbox.job';

describe('retryDelayMs', () => {
  it('starts at 30 s and doubles per attempt made, up to one hour', () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((attempts) => retryDelayMs(attempts, middle) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ]);
  });

  it('adds ±20 % jitter and never exceeds one hour', () => {
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBe(36_000);
    expect(retryDelayMs(7, () => 0.75)).toBe(2_112_000);
    expect(retryDelayMs(8, () => 0.999_999)).toBe(3_600_000);
    expect(retryDelayMs(8, () => 0)).toBe(2_880_000);
  });
});
