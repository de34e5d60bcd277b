import type { RevenueRange } from '../../../contracts/admin-money';

export type RevenuePeriods = {
  unit: 'day' | 'month';
  /** The first instant of the range (UTC midnight of its first day or month). */
  from: Date;
  /** The end, exclusive: the start of the day or month after `now`. */
  to: Date;
  /** Every period of the range, oldest first: 'YYYY-MM-DD' (days) or 'YYYY-MM' (months). */
  keys: string[];
};

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
export const dayKey = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
export const monthKey = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;

/** Periods in UTC: the last 30 days including today, or the last 12 months including this one. */
export function revenuePeriods(range: RevenueRange, now: Date): RevenuePeriods {
  if (range === '30d') return dailyPeriods(now, 30);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const from = new Date(Date.UTC(year, month - 11, 1));
  const to = new Date(Date.UTC(year, month + 1, 1));
  const keys = Array.from({ length: 12 }, (_, index) =>
    monthKey(new Date(Date.UTC(year, month - 11 + index, 1))),
  );
  return { unit: 'month', from, to, keys };
}

/** Every UTC day from `from` (a UTC midnight) up to and including today. */
export function dailyPeriodsSince(from: Date, now: Date): RevenuePeriods {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const to = new Date(today + DAY_MS);
  const days = Math.max(1, Math.round((to.getTime() - from.getTime()) / DAY_MS));
  const keys = Array.from({ length: days }, (_, index) => dayKey(new Date(from.getTime() + index * DAY_MS)));
  return { unit: 'day', from, to, keys };
}

/** The `days` days up to and including today (UTC), one key per day. */
export function dailyPeriods(now: Date, days: number): RevenuePeriods {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return dailyPeriodsSince(new Date(today - (days - 1) * DAY_MS), now);
}
