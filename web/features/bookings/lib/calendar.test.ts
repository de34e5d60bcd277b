import { describe, expect, it } from 'vitest';
import { addMonths, monthWeeks, monthWindow, startsByDay } from './calendar';

describe('the booking calendar', () => {
  it('lays a month out in weeks, Sunday first', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday; 30 days fill five weeks.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(weeks[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    // February 2027 starts on a Monday.
    expect(monthWeeks('2027-02')[0]?.slice(0, 2)).toEqual([null, '2027-02-01']);
  });

  it('counts months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
  });

  it('a month runs from local midnight to local midnight in the zone, from now once begun', () => {
    const berlin = monthWindow('Europe/Berlin', '2026-12', Date.parse('2026-11-21T09:00:00Z'));
    expect(new Date(berlin.from).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(new Date(berlin.to).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    const begun = monthWindow('Europe/Berlin', '2026-11', Date.parse('2026-11-21T09:00:00Z'));
    expect(new Date(begun.from).toISOString()).toBe('2026-11-21T09:00:00.000Z');
  });

  it('puts each free start on its day in the viewer’s zone, not the server’s', () => {
    const starts = ['2026-11-23T23:30:00.000Z', '2026-11-23T15:00:00.000Z', '2026-11-24T14:00:00.000Z'];
    const inBerlin = startsByDay(starts, 'Europe/Berlin');
    expect([...inBerlin.entries()]).toEqual([
      ['2026-11-23', ['2026-11-23T15:00:00.000Z']],
      ['2026-11-24', ['2026-11-23T23:30:00.000Z', '2026-11-24T14:00:00.000Z']],
    ]);
    const inNewYork = startsByDay(starts, 'America/New_York');
    expect(inNewYork.get('2026-11-23')).toEqual(['2026-11-23T15:00:00.000Z', '2026-11-23T23:30:00.000Z']);
  });
});
