/**
 * Every date the web app shows, and the zones to write it in. Each function takes the IANA time zone to write
 * the instant in: `localTimeZone()` for the viewer's own clock (what most screens show), `UTC` for
 * calendar days and months the server counts in UTC (revenue charts) and for booking times written in
 * UTC. The texts are the en-US ones the screens have always shown ("Nov 21, 2026"), through Intl.
 * Times ("3:05 PM") are in ./date-times.ts, apart: they need date-fns, which a page showing only dates
 * (a coach page's "member since") then never downloads.
 *
 * The `...InViewerLocale` functions are the exception: a few account and admin screens write dates in
 * the browser's own language and conventions, which only Intl knows.
 */

export type DateInput = Date | string | number;

export const UTC = 'UTC';

let deviceZone: string | undefined;
/** The device's own time zone (the browser's), read once per page. */
export const deviceTimeZone = (): string =>
  (deviceZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);

let chosenZone: string | null = null;
/**
 * The zone the signed-in person chose in Settings (their profile's time_zone), set when their profile
 * loads (ViewerTimeZone); null: none chosen, or signed out.
 */
export function setViewerTimeZone(timeZone: string | null): void {
  chosenZone = timeZone;
}

/** The viewer's time zone: the one they chose, else the device's. Every screen writes times in it. */
export const localTimeZone = (): string => chosenZone ?? deviceTimeZone();

export { formatInZone, zoneLabel } from '#domain/scheduling/local-time';

/** "America/New York": a zone's name as people read it. */
export const zoneName = (zone: string) => zone.replaceAll('_', ' ');

/** Every zone the browser knows, sorted, with the ones given included if it lacks them. */
export function zoneNames(...first: (string | null)[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...first.filter((zone): zone is string => Boolean(zone)), ...known])].sort();
}

/**
 * Dates without a time through the browser's own Intl (en-US): the same characters everywhere, and no
 * date-fns on a page that shows only dates (a coach page's "member since"). Formatters are made once.
 */
const intlDate = (options: Intl.DateTimeFormatOptions) => {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (at: DateInput, timeZone: string) => {
    let formatter = byZone.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      byZone.set(timeZone, formatter);
    }
    return formatter.format(new Date(at));
  };
};

/** "Nov 21, 2026" */
export const formatDate = intlDate({ month: 'short', day: 'numeric', year: 'numeric' });
/** "Nov 21" */
export const formatDayMonth = intlDate({ month: 'short', day: 'numeric' });
/** "Mon" */
export const formatWeekday = intlDate({ weekday: 'short' });
/** "Nov 2026" */
export const formatShortMonthYear = intlDate({ month: 'short', year: 'numeric' });
/** "Nov 26" (a two-digit year, for chart axes) */
export const formatShortMonthShortYear = intlDate({ month: 'short', year: '2-digit' });
/** "November 2026" */
export const formatMonthYear = intlDate({ month: 'long', year: 'numeric' });

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
