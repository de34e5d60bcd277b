import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateInViewerLocale,
  formatDayMonth,
  formatMonthYear,
  formatShortMonthShortYear,
  formatShortMonthYear,
  localTimeZone,
  UTC,
} from './dates';
import { formatDateTime, formatDateTime24, formatTime } from './date-times';

const AT = '2026-11-21T15:05:00Z';

describe('dates', () => {
  it('writes the texts the screens show', () => {
    expect(formatDate(AT, UTC)).toBe('Nov 21, 2026');
    expect(formatDateTime(AT, UTC)).toBe('Nov 21, 2026, 3:05 PM');
    expect(formatDateTime24(AT, UTC)).toBe('Nov 21, 2026, 15:05');
    expect(formatTime(AT, UTC)).toBe('3:05 PM');
    expect(formatDayMonth(AT, UTC)).toBe('Nov 21');
    expect(formatShortMonthYear(AT, UTC)).toBe('Nov 2026');
    expect(formatShortMonthShortYear(AT, UTC)).toBe('Nov 26');
    expect(formatMonthYear(AT, UTC)).toBe('November 2026');
    expect(formatTime('2026-11-21T00:05:00Z', UTC)).toBe('12:05 AM');
  });

  it('writes the instant in the zone it is given', () => {
    expect(formatDateTime(AT, 'America/New_York')).toBe('Nov 21, 2026, 10:05 AM');
    expect(formatDateTime(AT, 'Asia/Kolkata')).toBe('Nov 21, 2026, 8:35 PM');
    expect(formatDate('2026-11-21T23:30:00Z', 'Pacific/Auckland')).toBe('Nov 22, 2026');
    // Across a daylight-saving change: 06:30 UTC is 1:30 AM in New York before it, 2:30 AM after.
    expect(formatTime('2026-03-08T06:30:00Z', 'America/New_York')).toBe('1:30 AM');
    expect(formatTime('2026-03-08T07:30:00Z', 'America/New_York')).toBe('3:30 AM');
    expect(formatDate(new Date(AT), localTimeZone())).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(AT)),
    );
  });

  // The Intl formats the screens used before this module, per function: the text must not change.
  const before = {
    formatDate: { dateStyle: 'medium' },
    formatDateTime: { dateStyle: 'medium', timeStyle: 'short' },
    formatDateTime24: { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
    formatTime: { hour: 'numeric', minute: '2-digit' },
    formatDayMonth: { month: 'short', day: 'numeric' },
    formatShortMonthYear: { month: 'short', year: 'numeric' },
    formatShortMonthShortYear: { month: 'short', year: '2-digit' },
    formatMonthYear: { month: 'long', year: 'numeric' },
  } satisfies Record<string, Intl.DateTimeFormatOptions>;
  const functions = {
    formatDate,
    formatDateTime,
    formatDateTime24,
    formatTime,
    formatDayMonth,
    formatShortMonthYear,
    formatShortMonthShortYear,
    formatMonthYear,
  };
  // Instants spread over two years (every 97 hours and 13 minutes), every month and hour met.
  const instants = Array.from(
    { length: 190 },
    (_, index) => new Date(Date.UTC(2026, 0, 1) + index * (97 * 3_600_000 + 13 * 60_000)),
  );

  it.each(['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Lord_Howe'])(
    'gives the same text as the en-US Intl formats it replaces, in %s',
    (timeZone) => {
      for (const [name, options] of Object.entries(before)) {
        const intl = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
        const ours = functions[name as keyof typeof functions];
        for (const at of instants)
          expect(ours(at, timeZone), `${name} ${at.toISOString()}`).toBe(intl.format(at));
      }
    },
  );

  it("writes the viewer-locale dates as the browser's Intl does", () => {
    const at = new Date(AT);
    expect(formatDateInViewerLocale(at, 'Europe/Paris', { date: 'medium' })).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'Europe/Paris' }).format(at),
    );
    expect(formatDateInViewerLocale(AT, UTC, { date: 'long', time: 'short' })).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
        at,
      ),
    );
  });
});
