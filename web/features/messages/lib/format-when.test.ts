import { describe, expect, it } from 'vitest';
import { formatMessageTime, formatWhen } from './format-when';

const NOW = Date.parse('2026-11-21T15:00:00.000Z'); // a Saturday
const ago = (ms: number) => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('when a conversation last moved', () => {
  it('is short: just now, minutes, the time today, yesterday, the weekday, the date', () => {
    expect(formatWhen(ago(20_000), NOW, 'UTC')).toBe('Just now');
    expect(formatWhen(ago(5 * MIN), NOW, 'UTC')).toBe('5 min');
    expect(formatWhen(ago(3 * HOUR), NOW, 'UTC')).toBe('12:00 PM');
    expect(formatWhen(ago(DAY), NOW, 'UTC')).toBe('Yesterday');
    expect(formatWhen(ago(3 * DAY), NOW, 'UTC')).toBe('Wed');
    expect(formatWhen(ago(30 * DAY), NOW, 'UTC')).toBe('Oct 22');
    expect(formatWhen(ago(365 * DAY), NOW, 'UTC')).toBe('Nov 21, 2025');
  });

  it('counts days in the viewer’s zone', () => {
    // 01:30 on Nov 21 in UTC is still Nov 20 in New York.
    expect(formatWhen(Date.parse('2026-11-21T01:30:00.000Z'), NOW, 'America/New_York')).toBe('Yesterday');
  });

  it('writes a message’s time, with the day when it is not today', () => {
    expect(formatMessageTime(ago(2 * HOUR), NOW, 'UTC')).toBe('1:00 PM');
    expect(formatMessageTime(ago(2 * DAY), NOW, 'UTC')).toBe('Nov 19, 3:00 PM');
    expect(formatMessageTime(ago(400 * DAY), NOW, 'UTC')).toBe('Oct 17, 2025, 3:00 PM');
  });
});
