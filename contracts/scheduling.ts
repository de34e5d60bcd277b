import { z } from 'zod';
import { formatTimeOfDay, parseTimeOfDay } from '#domain/scheduling/local-time';
import { AVAILABILITY_DEFAULTS, scheduleProblem } from '#domain/scheduling/slots';
import { wholeNumber } from './fields';

/**
 * When a coach can be booked (#18): their weekly hours in their own zone, dates with other hours,
 * buffers, notice, horizon and a daily maximum; and the free times a client can book.
 */

export const SCHEDULING_MESSAGES = {
  coachOnly: 'Only coaches have bookable hours.',
  time: 'Write times as HH:MM on the 24-hour clock, e.g. 09:30 (24:00 for midnight at the end).',
  date: 'Write dates as YYYY-MM-DD.',
  buffer: 'A buffer is 0 to 240 minutes.',
  notice: 'The notice is 0 to 43,200 minutes (30 days).',
  horizon: 'Clients can book 1 to 365 days ahead.',
  dailyMaximum: 'The daily maximum is 1 to 50 sessions, or none.',
  overridesTooMany: 'At most 366 dates with their own hours.',
  overrideTwice: 'Each date has its hours once.',
  window: 'Ask for at most 62 days of times at once, ending after they start.',
  duration: 'A session lasts 5 to 480 minutes.',
} as const;

/** "09:30" on the wire (24:00 only as an end); minutes after midnight inside. */
const timeOfDay = z.string(SCHEDULING_MESSAGES.time).transform((text, context) => {
  const minutes = text === '24:00' ? 1440 : parseTimeOfDay(text);
  if (minutes === undefined) {
    context.addIssue({ code: 'custom', message: SCHEDULING_MESSAGES.time });
    return z.NEVER;
  }
  return minutes;
});

export const intervalSchema = z.object({ start: timeOfDay, end: timeOfDay });

/** A day's intervals, refused with the reason when they overlap or end before they start. */
const dayIntervals = z
  .array(intervalSchema)
  .max(12)
  .superRefine((intervals, context) => {
    const problem = scheduleProblem(intervals);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((intervals) => [...intervals].sort((a, b) => a.start - b.start));

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SCHEDULING_MESSAGES.date);

export const availabilityBodySchema = z.object({
  /** Seven days, Sunday first. */
  weekly: z.array(dayIntervals).length(7),
  overrides: z
    .array(z.object({ date: localDate, intervals: dayIntervals }))
    .max(366, SCHEDULING_MESSAGES.overridesTooMany)
    .superRefine((overrides, context) => {
      if (new Set(overrides.map((override) => override.date)).size !== overrides.length)
        context.addIssue({ code: 'custom', message: SCHEDULING_MESSAGES.overrideTwice });
    }),
  buffer_before_minutes: wholeNumber(0, 240, SCHEDULING_MESSAGES.buffer),
  buffer_after_minutes: wholeNumber(0, 240, SCHEDULING_MESSAGES.buffer),
  minimum_notice_minutes: wholeNumber(0, 43_200, SCHEDULING_MESSAGES.notice),
  horizon_days: wholeNumber(1, 365, SCHEDULING_MESSAGES.horizon),
  daily_maximum: wholeNumber(1, 50, SCHEDULING_MESSAGES.dailyMaximum).nullable(),
});
export type AvailabilityBody = z.input<typeof availabilityBodySchema>;

const wireInterval = z.object({ start: z.string(), end: z.string() });

/** A coach's availability as the API shows it (times "HH:MM"), with the zone its times are in. */
export const availabilitySchema = z.object({
  /** The coach's zone (their profile's; UTC until they set one): the schedule's times are in it. */
  time_zone: z.string(),
  weekly: z.array(z.array(wireInterval)).length(7),
  overrides: z.array(z.object({ date: z.string(), intervals: z.array(wireInterval) })),
  buffer_before_minutes: z.number(),
  buffer_after_minutes: z.number(),
  minimum_notice_minutes: z.number(),
  horizon_days: z.number(),
  daily_maximum: z.number().nullable(),
  updated_at: z.string().nullable(),
});
export type AvailabilityView = z.infer<typeof availabilitySchema>;

/** Minutes to "HH:MM" for the API's answer. */
export const toWireInterval = (interval: { start: number; end: number }) => ({
  start: formatTimeOfDay(interval.start),
  end: formatTimeOfDay(interval.end),
});

export const NO_AVAILABILITY = {
  weekly: [[], [], [], [], [], [], []] as { start: number; end: number }[][],
  ...AVAILABILITY_DEFAULTS,
};

export const coachSlotsParamsSchema = z.object({ coachId: z.uuid() });

export const slotsQuerySchema = z
  .object({
    duration: z.coerce
      .number(SCHEDULING_MESSAGES.duration)
      .int(SCHEDULING_MESSAGES.duration)
      .min(5, SCHEDULING_MESSAGES.duration)
      .max(480, SCHEDULING_MESSAGES.duration),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine(
    (query) => {
      const span = Date.parse(query.to) - Date.parse(query.from);
      return span > 0 && span <= 62 * 86_400_000;
    },
    { message: SCHEDULING_MESSAGES.window, path: ['to'] },
  );

export const slotsSchema = z.object({
  /** The coach's zone, to show "09:00 for Lena" beside the viewer's own time. */
  coach_time_zone: z.string(),
  slots: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type Slots = z.infer<typeof slotsSchema>;
