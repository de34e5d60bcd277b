import { describe, expect, it } from 'vitest';
import { checkRollingBudget } from './attachment-quota';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-21T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
const budget = { budget: 100, windowMs: 24 * HOUR, now };

describe('a rolling byte budget', () => {
  it('lets bytes in up to the budget, exactly', () => {
    expect(checkRollingBudget({ ...budget, sends: [], size: 100 })).toEqual({ ok: true });
    expect(checkRollingBudget({ ...budget, sends: [{ sentAt: ago(1), bytes: 60 }], size: 40 })).toEqual({
      ok: true,
    });
  });

  it('when over: the seconds until enough of the oldest sends are a window old', () => {
    const sends = [
      { sentAt: ago(2), bytes: 30 },
      { sentAt: ago(20), bytes: 30 },
      { sentAt: ago(10), bytes: 30 },
    ];
    // 90 used: 20 more needs the oldest (20 hours ago) gone, in 4 hours.
    expect(checkRollingBudget({ ...budget, sends, size: 20 })).toEqual({
      ok: false,
      retryAfterSeconds: 4 * 3600,
    });
    // 50 more needs the two oldest gone: the one of 10 hours ago leaves in 14 hours.
    expect(checkRollingBudget({ ...budget, sends, size: 50 })).toEqual({
      ok: false,
      retryAfterSeconds: 14 * 3600,
    });
  });

  it('never answers less than a second, and the whole window for more than the budget', () => {
    const sends = [{ sentAt: new Date(now.getTime() - 24 * HOUR + 10), bytes: 100 }];
    expect(checkRollingBudget({ ...budget, sends, size: 1 })).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(checkRollingBudget({ ...budget, sends: [], size: 101 })).toEqual({
      ok: false,
      retryAfterSeconds: 24 * 3600,
    });
  });
});
