import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';

/**
 * Every date and time the web app shows, in one place. Each function takes the IANA time zone to write
 * the instant in: `localTimeZone()` for the viewer's own clock (what most screens show), `UTC` for
 * calendar days and months the server counts in UTC (revenue charts) and for booking times written in
 * UTC. The texts are the en-US ones the screens have always shown ("Nov 21, 2026, 3:05 PM"); the
 * date-fns patterns give the same characters in every browser, in any zone (@date-fns/tz).
 *
 * The `...InViewerLocale` functions are the exception: a few account and admin screens write dates in
 * the browser's own language and conventions, which only Intl knows.
 */

export type DateInput = Date | string | number;

export const UTC = 'UTC';

let viewerZone: string | undefined;
/** The viewer's own time zone (the browser's), read once per page. */
export const localTimeZone = (): string =>
  (viewerZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);

const inZone = (pattern: string) => (at: DateInput, timeZone: string) =>
  format(at, pattern, { in: tz(timeZone) });

/** "Nov 21, 2026" */
export const formatDate = inZone('MMM d, yyyy');
/** "Nov 21, 2026, 3:05 PM" */
export const formatDateTime = inZone('MMM d, yyyy, h:mm a');
/** "Nov 21, 2026, 15:05" (the 24-hour clock, for times written with their zone's name after them) */
export const formatDateTime24 = inZone('MMM d, yyyy, HH:mm');
/** "3:05 PM" */
export const formatTime = inZone('h:mm a');
/** "Nov 21" */
export const formatDayMonth = inZone('MMM d');
/** "Nov 2026" */
export const formatShortMonthYear = inZone('MMM yyyy');
/** "Nov 26" (a two-digit year, for chart axes) */
export const formatShortMonthShortYear = inZone('MMM yy');
/** "November 2026" */
export const formatMonthYear = inZone('MMMM yyyy');

const viewerLocaleFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date (and optionally a time) in the browser's language: "Nov 21, 2026" / "21 Nov 2026" ("long":
 * "November 21, 2026"; with `time`: ", 3:05 PM" or the local equivalent).
 */
export function formatDateInViewerLocale(
  at: DateInput,
  timeZone: string,
  style: { date: 'medium' | 'long'; time?: 'short' },
): string {
  const key = `${style.date}|${style.time ?? ''}|${timeZone}`;
  let formatter = viewerLocaleFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(undefined, {
      dateStyle: style.date,
      ...(style.time ? { timeStyle: style.time } : {}),
      timeZone,
    });
    viewerLocaleFormats.set(key, formatter);
  }
  return formatter.format(new Date(at));
}
