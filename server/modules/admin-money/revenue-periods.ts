import { tz } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  eachMonthOfInterval,
  format,
  startOfDay,
  startOfMonth,
  subDays,
  subMonths,
} from 'date-fns';
import type { RevenueRange } from '#contracts/admin-money';

export type RevenuePeriods = {
  unit: 'day' | 'month';
  /** The first instant of the range (UTC midnight of its first day or month). */
  from: Date;
  /** The end, exclusive: the start of the day or month after `now`. */
  to: Date;
  /** Every period of the range, oldest first: 'YYYY-MM-DD' (days) or 'YYYY-MM' (months). */
  keys: string[];
};

/**
 * Revenue is reported in UTC calendar days and months (the database buckets with date_trunc in UTC), so
 * every calendar step here happens in that zone; date-fns with @date-fns/tz does the arithmetic.
 */
const REPORTING_ZONE = tz('UTC');
const inZone = { in: REPORTING_ZONE };
/** A plain Date for the callers (SQL parameters, toISOString), not the zoned one date-fns returns. */
const instant = (date: Date) => new Date(date.getTime());

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd', inZone);
export const monthKey = (date: Date) => format(date, 'yyyy-MM', inZone);

/** Periods in UTC: the last 30 days including today, or the last 12 months including this one. */
export function revenuePeriods(range: RevenueRange, now: Date): RevenuePeriods {
  if (range === '30d') return dailyPeriods(now, 30);
  const thisMonth = startOfMonth(now, inZone);
  const from = subMonths(thisMonth, 11, inZone);
  const to = addMonths(thisMonth, 1, inZone);
  const keys = eachMonthOfInterval({ start: from, end: thisMonth }, inZone).map(monthKey);
  return { unit: 'month', from: instant(from), to: instant(to), keys };
}

/** Every UTC day from `from` (a UTC midnight) up to and including today. */
export function dailyPeriodsSince(from: Date, now: Date): RevenuePeriods {
  const to = addDays(startOfDay(now, inZone), 1, inZone);
  const days = Math.max(1, differenceInCalendarDays(to, from, inZone));
  const keys = Array.from({ length: days }, (_, index) => dayKey(addDays(from, index, inZone)));
  return { unit: 'day', from, to: instant(to), keys };
}

/** The `days` days up to and including today (UTC), one key per day. */
export function dailyPeriods(now: Date, days: number): RevenuePeriods {
  return dailyPeriodsSince(instant(subDays(startOfDay(now, inZone), days - 1, inZone)), now);
}
