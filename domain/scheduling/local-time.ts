import { tzOffset } from '@date-fns/tz';

/**
 * Wall-clock times in a named time zone (IANA, e.g. "Europe/Berlin") and the instants they stand for,
 * through @date-fns/tz's offsets (the zone rules the runtime carries): never a hand-made offset.
 *
 * A local date is "YYYY-MM-DD"; a time of day is minutes after midnight (0–1439, "09:30" = 570).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type LocalDate = string;

/** Whether `timeZone` is a zone name the runtime knows ("Mars/Olympus" is not). */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  return Number.isFinite(tzOffset(timeZone, new Date(0)));
}

/** The zone's offset from UTC in minutes at an instant (+60 for Berlin in winter). */
export const offsetAt = (timeZone: string, at: number): number => tzOffset(timeZone, new Date(at));

const dateParts = (date: LocalDate) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a local date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
};

/** The local date as if it were UTC midnight (a day number to count with, no zone in it). */
const utcMidnight = (date: LocalDate) => {
  const { year, month, day } = dateParts(date);
  return Date.UTC(year, month - 1, day);
};

const toLocalDate = (utcMs: number): LocalDate => new Date(utcMs).toISOString().slice(0, 10);

/** The date `days` after `date` (negative: before). */
export const addDays = (date: LocalDate, days: number): LocalDate =>
  toLocalDate(utcMidnight(date) + days * DAY_MS);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: LocalDate): number => new Date(utcMidnight(date)).getUTCDay();

/** The local date and time of day an instant shows in the zone. */
export function localOf(timeZone: string, at: number): { date: LocalDate; minutes: number } {
  const wall = at + offsetAt(timeZone, at) * MINUTE_MS;
  const date = toLocalDate(wall);
  return { date, minutes: Math.floor((wall - utcMidnight(date)) / MINUTE_MS) };
}

/**
 * The instants a wall-clock time stands for in the zone: one normally; none when the clocks skip it
 * (the spring-forward gap: 02:30 in New York on 8 March 2026); two when it happens twice (the
 * fall-back hour: 01:30 in New York on 1 November 2026), earlier first. `minutes` may reach 1440 (the
 * next midnight, an interval's end).
 */
export function instantsOf(timeZone: string, date: LocalDate, minutes: number): number[] {
  const wall = utcMidnight(date) + minutes * MINUTE_MS;
  // The offsets in force a day either side (zones never change twice within two days).
  const offsets = new Set([offsetAt(timeZone, wall - DAY_MS), offsetAt(timeZone, wall + DAY_MS)]);
  const instants: number[] = [];
  for (const offset of offsets) {
    const candidate = wall - offset * MINUTE_MS;
    if (offsetAt(timeZone, candidate) === offset) instants.push(candidate);
  }
  return instants.sort((a, b) => a - b);
}

export type LocalTimeVerdict =
  | { kind: 'exact'; at: number }
  | { kind: 'skipped'; next: number }
  | { kind: 'repeated'; earlier: number; later: number };

/**
 * A wall-clock time in the zone, as a booking form must treat it: exact; skipped by the clocks (with
 * the first instant after the gap, to offer instead); or repeated (both instants, to choose between).
 */
export function resolveLocalTime(timeZone: string, date: LocalDate, minutes: number): LocalTimeVerdict {
  const instants = instantsOf(timeZone, date, minutes);
  if (instants.length === 1) return { kind: 'exact', at: instants[0]! };
  if (instants.length === 2) return { kind: 'repeated', earlier: instants[0]!, later: instants[1]! };
  // In the gap: offer the moment the clocks jumped (03:00 in New York on 8 March 2026).
  const wall = utcMidnight(date) + minutes * MINUTE_MS;
  return { kind: 'skipped', next: changeBetween(timeZone, wall - DAY_MS, wall + DAY_MS) };
}

/** The instant the zone's offset changes between `from` and `to` (a binary search to the minute). */
function changeBetween(timeZone: string, from: number, to: number): number {
  const start = offsetAt(timeZone, from);
  let low = from;
  let high = to;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(timeZone, middle) === start) low = middle;
    else high = middle;
  }
  return high;
}

/** "09:30" → 570; undefined for anything else. */
export function parseTimeOfDay(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** 570 → "09:30" (1440 → "24:00", an interval's end). */
export const formatTimeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * "CET", "EST": the zone's short name at that instant, to write after a time. Intl knows American names
 * in en-US and European ones in en-GB; where neither has one it is the offset ("GMT+5:30").
 */
export function zoneLabel(at: Date | string | number, timeZone: string): string {
  const nameIn = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const american = nameIn('en-US');
  return american.startsWith('GMT') ? nameIn('en-GB') : american;
}

const slotFormats = new Map<string, Intl.DateTimeFormat>();

/** A session's start as people read it in a zone, with the zone's name: "Tue 2 Dec, 14:00 CET". */
export function formatInZone(at: Date | string | number, timeZone: string): string {
  let format = slotFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    slotFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${zoneLabel(at, timeZone)}`;
}
