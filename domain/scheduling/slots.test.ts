import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatTimeOfDay,
  isTimeZone,
  localOf,
  parseTimeOfDay,
  resolveLocalTime,
} from './local-time';
import {
  AVAILABILITY_DEFAULTS,
  bookingProblem,
  freeSlots,
  intervalsOn,
  scheduleProblem,
  type Availability,
  type Interval,
} from './slots';

const MINUTE = 60_000;
const DAY = 86_400_000;
const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'] as const;

const at = (iso: string) => Date.parse(iso);

function availability(overrides: Partial<Availability> = {}): Availability {
  return {
    timeZone: 'Europe/Berlin',
    weekly: [[], [{ start: 540, end: 1020 }], [{ start: 540, end: 1020 }], [], [], [], []],
    overrides: {},
    ...AVAILABILITY_DEFAULTS,
    ...overrides,
  };
}

describe('local times in a zone', () => {
  it('knows a zone name from anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('+01:00')).toBe(false);
  });

  it('says when the clocks skip a time (with the moment they jumped) or repeat it (both instants)', () => {
    expect(resolveLocalTime('America/New_York', '2026-03-08', 150)).toEqual({
      kind: 'skipped',
      next: at('2026-03-08T07:00:00Z'),
    });
    expect(resolveLocalTime('America/New_York', '2026-11-01', 90)).toEqual({
      kind: 'repeated',
      earlier: at('2026-11-01T05:30:00Z'),
      later: at('2026-11-01T06:30:00Z'),
    });
    expect(resolveLocalTime('America/New_York', '2026-07-01', 540)).toEqual({
      kind: 'exact',
      at: at('2026-07-01T13:00:00Z'),
    });
    // Lord Howe moves by half an hour: 02:00 → 02:30 on 4 October 2026, 02:00 → 01:30 on 5 April 2026.
    expect(resolveLocalTime('Australia/Lord_Howe', '2026-10-04', 135)).toMatchObject({ kind: 'skipped' });
    expect(resolveLocalTime('Australia/Lord_Howe', '2026-04-05', 105)).toEqual({
      kind: 'repeated',
      earlier: at('2026-04-04T14:45:00Z'),
      later: at('2026-04-04T15:15:00Z'),
    });
  });

  it('reads times of day and dates', () => {
    expect(parseTimeOfDay('09:30')).toBe(570);
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(parseTimeOfDay('9:30')).toBeUndefined();
    expect(formatTimeOfDay(570)).toBe('09:30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(localOf('Asia/Kolkata', at('2026-06-30T20:00:00Z'))).toEqual({ date: '2026-07-01', minutes: 90 });
  });
});

describe('free slots', () => {
  it('offers the weekly hours in the coach’s zone, minus bookings with their buffers, after the notice', () => {
    const now = at('2026-11-30T06:00:00Z'); // Monday 07:00 in Berlin
    const slots = freeSlots({
      availability: availability({ bufferAfterMinutes: 15, minimumNoticeMinutes: 120 }),
      durationMinutes: 60,
      busy: [{ start: at('2026-11-30T10:00:00Z'), end: at('2026-11-30T11:00:00Z') }],
      now,
      from: now,
      to: now + 2 * DAY,
    });
    const berlin = slots.map(
      (slot) =>
        `${localOf('Europe/Berlin', slot.start).date} ${formatTimeOfDay(localOf('Europe/Berlin', slot.start).minutes)}`,
    );
    // Monday: the 2 h notice makes 09:00 Berlin the first start; the booking 11:00–12:00 Berlin keeps
    // 15 minutes after it, and a session before it its own 15 minutes: 10:00 to 12:15 is taken.
    expect(berlin.filter((text) => text.startsWith('2026-11-30'))).toEqual([
      '2026-11-30 09:00',
      '2026-11-30 09:30',
      '2026-11-30 12:30',
      '2026-11-30 13:00',
      '2026-11-30 13:30',
      '2026-11-30 14:00',
      '2026-11-30 14:30',
      '2026-11-30 15:00',
      '2026-11-30 15:30',
      '2026-11-30 16:00',
    ]);
    expect(berlin.filter((text) => text.startsWith('2026-12-01'))).toHaveLength(15);
  });

  it('a day off, extra hours and the daily maximum', () => {
    const now = at('2026-11-29T00:00:00Z');
    const base = { durationMinutes: 60, now, from: now, to: now + 7 * DAY, busy: [] };
    const off = freeSlots({ ...base, availability: availability({ overrides: { '2026-11-30': [] } }) });
    expect(off.some((slot) => localOf('Europe/Berlin', slot.start).date === '2026-11-30')).toBe(false);
    const extra = freeSlots({
      ...base,
      availability: availability({ overrides: { '2026-12-05': [{ start: 600, end: 720 }] } }),
    });
    expect(extra.filter((slot) => localOf('Europe/Berlin', slot.start).date === '2026-12-05')).toHaveLength(
      3,
    );
    const full = freeSlots({
      ...base,
      busy: [{ start: at('2026-11-30T08:00:00Z'), end: at('2026-11-30T09:00:00Z') }],
      availability: availability({ dailyMaximum: 1 }),
    });
    expect(full.some((slot) => localOf('Europe/Berlin', slot.start).date === '2026-11-30')).toBe(false);
    expect(full.some((slot) => localOf('Europe/Berlin', slot.start).date === '2026-12-01')).toBe(true);
  });

  it('a weekly 09:00 stays 09:00 local across daylight-saving changes (New York, Berlin, Lord Howe)', () => {
    for (const timeZone of ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe']) {
      const weekly = Array.from({ length: 7 }, () => [{ start: 540, end: 600 }]);
      for (const from of [at('2026-03-01T00:00:00Z'), at('2026-09-25T00:00:00Z')]) {
        const slots = freeSlots({
          availability: availability({ timeZone, weekly, horizonDays: 400, minimumNoticeMinutes: 0 }),
          durationMinutes: 60,
          busy: [],
          now: from,
          from,
          to: from + 50 * DAY,
        });
        expect(slots.length).toBeGreaterThanOrEqual(49);
        for (const slot of slots) expect(localOf(timeZone, slot.start).minutes, timeZone).toBe(540);
        // The offset changed inside the window: the UTC times are not all the same.
        expect(new Set(slots.map((slot) => slot.start % DAY)).size, timeZone).toBe(2);
      }
    }
  });

  it('never offers the skipped hour, and the repeated hour once', () => {
    const weekly = Array.from({ length: 7 }, () => [{ start: 60, end: 240 }]);
    const base = { durationMinutes: 30, stepMinutes: 30, busy: [] };
    const spring = at('2026-03-08T00:00:00Z');
    const springSlots = freeSlots({
      ...base,
      availability: availability({ timeZone: 'America/New_York', weekly, minimumNoticeMinutes: 0 }),
      now: spring,
      from: spring,
      to: spring + DAY,
    }).map((slot) => formatTimeOfDay(localOf('America/New_York', slot.start).minutes));
    expect(springSlots).toEqual(['01:00', '01:30', '03:00', '03:30']);
    const fall = at('2026-11-01T00:00:00Z');
    const fallSlots = freeSlots({
      ...base,
      availability: availability({ timeZone: 'America/New_York', weekly, minimumNoticeMinutes: 0 }),
      now: fall,
      from: fall,
      to: fall + DAY,
    });
    const starts = fallSlots.map((slot) => slot.start);
    expect(new Set(starts).size).toBe(starts.length);
    expect(fallSlots.map((slot) => formatTimeOfDay(localOf('America/New_York', slot.start).minutes))).toEqual(
      ['01:00', '01:30', '02:00', '02:30', '03:00', '03:30'],
    );
  });

  it('property: over random schedules, overrides, buffers, notice and bookings, no slot is out of hours or meets a booking', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 32 }))
      .map(([start, length]) => ({ start: start * 15, end: Math.min(1440, (start + length) * 15) }));
    const day = fc.array(interval, { maxLength: 3 }).map((intervals) => {
      // Non-overlapping, sorted: keep each interval that starts after the previous kept one ends.
      const kept: Interval[] = [];
      for (const next of [...intervals].sort((a, b) => a.start - b.start))
        if (kept.length === 0 || next.start >= kept[kept.length - 1]!.end) kept.push(next);
      return kept;
    });
    fc.assert(
      fc.property(
        fc.record({
          timeZone: fc.constantFrom(...ZONES),
          weekly: fc.array(day, { minLength: 7, maxLength: 7 }),
          overrideDays: fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), day), { maxLength: 4 }),
          bufferBeforeMinutes: fc.constantFrom(0, 5, 15),
          bufferAfterMinutes: fc.constantFrom(0, 10, 30),
          minimumNoticeMinutes: fc.constantFrom(0, 60, 720),
          horizonDays: fc.integer({ min: 1, max: 20 }),
          dailyMaximum: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
          durationMinutes: fc.constantFrom(15, 30, 45, 60, 90),
          // Around the spring and autumn changes of the northern and southern zones.
          now: fc.constantFrom(
            at('2026-03-05T07:13:00Z'),
            at('2026-03-27T22:00:00Z'),
            at('2026-09-30T11:00:00Z'),
            at('2026-10-28T02:00:00Z'),
          ),
          busy: fc.array(fc.tuple(fc.integer({ min: 0, max: 20 * 96 }), fc.integer({ min: 1, max: 8 })), {
            maxLength: 12,
          }),
        }),
        (input) => {
          const today = localOf(input.timeZone, input.now).date;
          const overrides: Record<string, Interval[]> = {};
          for (const [offset, intervals] of input.overrideDays) overrides[addDays(today, offset)] = intervals;
          const subject = availability({ ...input, overrides });
          const busy = input.busy.map(([quarter, length]) => {
            const start = input.now + quarter * 15 * MINUTE;
            return { start, end: start + length * 15 * MINUTE };
          });
          const slots = freeSlots({
            availability: subject,
            durationMinutes: input.durationMinutes,
            busy,
            now: input.now,
            from: input.now,
            to: input.now + 21 * DAY,
          });
          const before = input.bufferBeforeMinutes * MINUTE;
          const after = input.bufferAfterMinutes * MINUTE;
          // Plain checks, one expect at the end (an expect per slot is most of the run time).
          const problems: string[] = [];
          const perDay = new Map<string, number>();
          for (const item of busy) {
            const date = localOf(input.timeZone, item.start).date;
            perDay.set(date, (perDay.get(date) ?? 0) + 1);
          }
          slots.forEach((slot, index) => {
            const local = localOf(input.timeZone, slot.start);
            const name = `${local.date} ${formatTimeOfDay(local.minutes)}`;
            if (slot.end - slot.start !== input.durationMinutes * MINUTE) problems.push(`${name}: length`);
            if (index > 0 && slot.start <= slots[index - 1]!.start) problems.push(`${name}: order`);
            if (slot.start < input.now + input.minimumNoticeMinutes * MINUTE)
              problems.push(`${name}: notice`);
            if (slot.start >= input.now + input.horizonDays * DAY) problems.push(`${name}: horizon`);
            // In hours: the session is inside one of its local day's intervals.
            const inside = intervalsOn(subject, local.date).some(
              (hours) => local.minutes >= hours.start && local.minutes + input.durationMinutes <= hours.end,
            );
            if (!inside) problems.push(`${name}: out of hours`);
            // Each session keeps its buffers: [start - before, end + after) of the two never meet.
            if (
              busy.some(
                (item) => item.start - before < slot.end + after && item.end + after > slot.start - before,
              )
            )
              problems.push(`${name}: meets a booking`);
            if (subject.dailyMaximum !== null && (perDay.get(local.date) ?? 0) >= subject.dailyMaximum)
              problems.push(`${name}: the day is full`);
          });
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a schedule a coach saves', () => {
  it('refuses overlapping, empty or out-of-day intervals with a reason', () => {
    expect(
      scheduleProblem([
        { start: 540, end: 720 },
        { start: 780, end: 1020 },
      ]),
    ).toBeUndefined();
    expect(
      scheduleProblem([
        { start: 540, end: 720 },
        { start: 700, end: 800 },
      ]),
    ).toBe('Intervals of one day must not overlap.');
    expect(scheduleProblem([{ start: 600, end: 600 }])).toBe(
      'Each interval ends after it starts, within the day.',
    );
    expect(scheduleProblem([{ start: 1400, end: 1500 }])).toBe(
      'Each interval ends after it starts, within the day.',
    );
  });
});

describe('why a start cannot be booked', () => {
  const now = at('2026-11-30T06:00:00Z'); // Monday 07:00 in Berlin
  const query = {
    availability: availability({ bufferAfterMinutes: 15, minimumNoticeMinutes: 120, horizonDays: 14 }),
    durationMinutes: 60,
    busy: [{ start: at('2026-11-30T10:00:00Z'), end: at('2026-11-30T11:00:00Z') }],
    now,
  };

  it('names each reason, and accepts exactly the offered slots', () => {
    expect(bookingProblem(query, at('2026-11-30T05:00:00Z'))).toBe('past');
    expect(bookingProblem(query, at('2026-11-30T07:30:00Z'))).toBe('notice');
    expect(bookingProblem(query, at('2026-12-15T09:00:00Z'))).toBe('horizon');
    // 08:00 Berlin is before the hours; Wednesday has none; 09:15 is not on the half-hour grid.
    expect(bookingProblem(query, at('2026-12-01T07:00:00Z'))).toBe('outside');
    expect(bookingProblem(query, at('2026-12-02T09:00:00Z'))).toBe('outside');
    expect(bookingProblem(query, at('2026-12-01T08:15:00Z'))).toBe('outside');
    // 11:30 Berlin overlaps the booking 11:00–12:00; 12:00 falls in its 15 minutes after.
    expect(bookingProblem(query, at('2026-11-30T10:30:00Z'))).toBe('taken');
    expect(bookingProblem(query, at('2026-11-30T11:00:00Z'))).toBe('taken');
    expect(bookingProblem(query, at('2026-11-30T11:30:00Z'))).toBeUndefined();
  });

  it('agrees with the free slots on every start of a fortnight', () => {
    const offered = new Set(freeSlots({ ...query, from: now, to: now + 14 * DAY }).map((slot) => slot.start));
    for (let start = now - DAY; start < now + 15 * DAY; start += 15 * MINUTE)
      expect(bookingProblem(query, start) === undefined).toBe(offered.has(start));
  });
});
