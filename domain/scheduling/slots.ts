import {
  addDays,
  instantsOf,
  localOf,
  offsetAt,
  resolveLocalTime,
  weekdayOf,
  type LocalDate,
} from './local-time';

/**
 * When a coach can be booked (issue #18): a weekly schedule in the coach's own zone, date overrides,
 * buffers, notice, horizon and a daily maximum, minus what is already booked. Pure: the caller reads
 * the coach's settings and busy times, this says which start times are free.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Minutes after local midnight, [start, end): 09:00–12:30 is { start: 540, end: 750 }; end ≤ 1440. */
export type Interval = { start: number; end: number };

export type Availability = {
  /** The coach's zone (IANA): the schedule's times are wall-clock times there. */
  timeZone: string;
  /** Index 0 = Sunday … 6 = Saturday; each day's intervals sorted, not overlapping. */
  weekly: readonly (readonly Interval[])[];
  /** A date's own intervals instead of its weekday's ([] = a day off; extra hours on a free day). */
  overrides: Readonly<Record<LocalDate, readonly Interval[]>>;
  /** Kept free before and after every session, in minutes. */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** A start at least this long after now (default 12 h). */
  minimumNoticeMinutes: number;
  /** Starts no further ahead than this many days (default 60). */
  horizonDays: number;
  /** Sessions at most per local day (null: no limit). */
  dailyMaximum: number | null;
};

export const AVAILABILITY_DEFAULTS = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 12 * 60,
  horizonDays: 60,
  dailyMaximum: null,
} as const;

/** A time the coach is taken (a booking, a live session), as instants in ms: [start, end). */
export type Busy = { start: number; end: number };

export type Slot = { start: number; end: number };

export type SlotQuery = {
  availability: Availability;
  /** The session's length. */
  durationMinutes: number;
  /** Minutes between offered starts (default: the duration, at most 30). */
  stepMinutes?: number;
  busy: readonly Busy[];
  now: number;
  /** The window asked for (instants); clipped to notice and horizon. */
  from: number;
  to: number;
};

/** A day's intervals, by its override or its weekday. */
export const intervalsOn = (availability: Availability, date: LocalDate): readonly Interval[] =>
  availability.overrides[date] ?? availability.weekly[weekdayOf(date)] ?? [];

/**
 * The free starts in [from, to): on each local day of the coach's zone, every step of each interval
 * (a wall-clock time, so a weekly 09:00 stays 09:00 across daylight-saving changes; a start the clocks
 * skip is not offered, one they repeat is offered once, at its first occurrence) whose session ends
 * within the interval, starts after now + notice and before now + horizon, and whose session with its
 * buffers does not meet any busy time with the same buffers; none on a day that has its daily maximum.
 */
export function freeSlots(query: SlotQuery): Slot[] {
  const { availability, durationMinutes, busy, now } = query;
  const step = query.stepMinutes ?? Math.min(durationMinutes, 30);
  const duration = durationMinutes * MINUTE_MS;
  const before = availability.bufferBeforeMinutes * MINUTE_MS;
  const after = availability.bufferAfterMinutes * MINUTE_MS;
  const earliest = Math.max(query.from, now + availability.minimumNoticeMinutes * MINUTE_MS);
  const latest = Math.min(query.to, now + availability.horizonDays * DAY_MS);
  if (!(earliest < latest) || durationMinutes <= 0 || step <= 0) return [];

  const { timeZone } = availability;
  const taken = [...busy].sort((a, b) => a.start - b.start);
  const perDay = new Map<LocalDate, number>();
  for (const item of taken) {
    const date = localOf(timeZone, item.start).date;
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
  }
  // Two sessions keep the first's buffer after and the second's before between them.
  const meets = (start: number) => {
    const from = start - before - after;
    const to = start + duration + after + before;
    return taken.some((item) => item.start < to && item.end > from);
  };

  const slots: Slot[] = [];
  const lastDate = localOf(timeZone, latest).date;
  for (let date = localOf(timeZone, earliest).date; date <= lastDate; date = addDays(date, 1)) {
    if (availability.dailyMaximum !== null && (perDay.get(date) ?? 0) >= availability.dailyMaximum) continue;
    const steady = steadyDay(timeZone, date);
    for (const interval of intervalsOn(availability, date)) {
      // An end the clocks skip: the interval runs until the jump; one they repeat: until the later.
      const endTime = resolveLocalTime(timeZone, date, interval.end);
      const intervalEnd =
        endTime.kind === 'exact' ? endTime.at : endTime.kind === 'repeated' ? endTime.later : endTime.next;
      for (let minutes = interval.start; minutes + durationMinutes <= interval.end; minutes += step) {
        const start = steady === undefined ? instantsOf(timeZone, date, minutes)[0] : steady(minutes);
        if (start === undefined) continue;
        const end = start + duration;
        if (start < earliest || start >= latest || end > intervalEnd) continue;
        if (slots.length > 0 && start <= slots[slots.length - 1]!.start) continue;
        if (meets(start)) continue;
        slots.push({ start, end });
      }
    }
  }
  return slots;
}

/**
 * A day without a change of offset (all but two a year): its wall-clock times to instants by one offset
 * read for the whole day (a zone never changes twice within three days); undefined on a day of change.
 */
function steadyDay(timeZone: string, date: LocalDate): ((minutes: number) => number) | undefined {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const offset = offsetAt(timeZone, midnight - DAY_MS);
  if (offsetAt(timeZone, midnight + 2 * DAY_MS) !== offset) return undefined;
  return (minutes) => midnight + (minutes - offset) * MINUTE_MS;
}

/** Why a schedule cannot be saved, or undefined when it can. */
export function scheduleProblem(intervals: readonly Interval[]): string | undefined {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  for (const interval of sorted) {
    if (!Number.isInteger(interval.start) || !Number.isInteger(interval.end))
      return 'Times are whole minutes.';
    if (interval.start < 0 || interval.end > 1440 || interval.start >= interval.end)
      return 'Each interval ends after it starts, within the day.';
  }
  for (let index = 1; index < sorted.length; index += 1)
    if (sorted[index]!.start < sorted[index - 1]!.end) return 'Intervals of one day must not overlap.';
  return undefined;
}

/** Why a start cannot be booked: in the past, inside the notice, past the horizon, outside the hours, taken. */
export type BookingProblem = 'past' | 'notice' | 'horizon' | 'outside' | 'taken';

/**
 * Why `start` cannot be booked for the query's session, or undefined when it is one of the free slots
 * (the same rule the calendar shows: freeSlots). A start the hours offer but a booking, its buffers or
 * the day's maximum take is 'taken'.
 */
export function bookingProblem(
  query: Omit<SlotQuery, 'from' | 'to'>,
  start: number,
): BookingProblem | undefined {
  const { availability, now } = query;
  if (start <= now) return 'past';
  if (start < now + availability.minimumNoticeMinutes * MINUTE_MS) return 'notice';
  if (start >= now + availability.horizonDays * DAY_MS) return 'horizon';
  const window = { from: start, to: start + 1 };
  const offered = (busy: readonly Busy[]) =>
    freeSlots({ ...query, ...window, busy }).some((slot) => slot.start === start);
  if (offered(query.busy)) return undefined;
  return offered([]) ? 'taken' : 'outside';
}
