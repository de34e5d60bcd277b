import { addDays, localOf, resolveLocalTime, weekdayOf, type LocalDate } from '#domain/scheduling/local-time';

/**
 * The booking calendar's arithmetic (#18): months and days in the viewer's chosen zone, and the free
 * slots the server gives (instants) sorted onto those days. Pure; the screen only draws it.
 */

/** "2026-11": a month of the calendar. */
export type Month = string;

export const monthOf = (date: LocalDate): Month => date.slice(0, 7);

export function addMonths(month: Month, months: number): Month {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, index - 1 + months, 1));
  return next.toISOString().slice(0, 7);
}

/** The first instant of a local day in the zone (midnight, or the moment after a gap at midnight). */
export function startOfDay(timeZone: string, date: LocalDate): number {
  const verdict = resolveLocalTime(timeZone, date, 0);
  return verdict.kind === 'exact' ? verdict.at : verdict.kind === 'skipped' ? verdict.next : verdict.earlier;
}

/** The instants a month spans in the zone, [from, to), from `now` on when the month has begun. */
export function monthWindow(timeZone: string, month: Month, now: number): { from: number; to: number } {
  const from = startOfDay(timeZone, `${month}-01`);
  const to = startOfDay(timeZone, `${addMonths(month, 1)}-01`);
  return { from: Math.max(from, now), to };
}

/** The month's days in weeks of seven, Sunday first; null pads the first and last week. */
export function monthWeeks(month: Month): (LocalDate | null)[][] {
  const first: LocalDate = `${month}-01`;
  const cells: (LocalDate | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let date = first; monthOf(date) === month; date = addDays(date, 1)) cells.push(date);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The free starts (ISO instants) by their local day in the zone, each day's in order. */
export function startsByDay(starts: readonly string[], timeZone: string): Map<LocalDate, string[]> {
  const days = new Map<LocalDate, string[]>();
  for (const start of [...starts].sort()) {
    const { date } = localOf(timeZone, Date.parse(start));
    const list = days.get(date) ?? [];
    list.push(start);
    days.set(date, list);
  }
  return days;
}
