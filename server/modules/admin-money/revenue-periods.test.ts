import { describe, expect, it } from 'vitest';
import { dailyPeriodsSince, revenuePeriods } from './revenue-periods';

describe('revenuePeriods', () => {
  it('30d: the 30 UTC days up to and including today', () => {
    const periods = revenuePeriods('30d', new Date('2026-03-01T23:59:59.999Z'));
    expect(periods.unit).toBe('day');
    expect(periods.from.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(periods.to.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(periods.keys).toHaveLength(30);
    expect(periods.keys.slice(0, 2)).toEqual(['2026-01-31', '2026-02-01']);
    expect(periods.keys.at(-1)).toBe('2026-03-01');
    expect(new Set(periods.keys).size).toBe(30);
  });

  it('12m: the 12 UTC months up to and including this one, across a year boundary', () => {
    const periods = revenuePeriods('12m', new Date('2026-02-15T10:00:00Z'));
    expect(periods.unit).toBe('month');
    expect(periods.from.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(periods.to.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(periods.keys).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('every day since the start of a range, for the CSV export', () => {
    const now = new Date('2026-02-15T10:00:00Z');
    const days = dailyPeriodsSince(revenuePeriods('12m', now).from, now);
    expect(days.keys[0]).toBe('2025-03-01');
    expect(days.keys.at(-1)).toBe('2026-02-15');
    expect(days.keys).toHaveLength(352);
    expect(days.to.toISOString()).toBe('2026-02-16T00:00:00.000Z');
  });

  it('counts in UTC whatever the instant: a leap day, the first millisecond of a year', () => {
    const leap = revenuePeriods('30d', new Date('2028-03-01T00:00:00.000Z'));
    expect(leap.from.toISOString()).toBe('2028-02-01T00:00:00.000Z');
    expect(leap.keys.slice(27, 30)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    const newYear = revenuePeriods('12m', new Date('2027-01-01T00:00:00.000Z'));
    expect(newYear.from.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(newYear.to.toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect([newYear.keys[0], newYear.keys.at(-1)]).toEqual(['2026-02', '2027-01']);
    // Plain Dates for SQL parameters and JSON, not zoned ones.
    expect(Object.getPrototypeOf(newYear.from)).toBe(Date.prototype);
    expect(Object.getPrototypeOf(leap.to)).toBe(Date.prototype);
  });
});
