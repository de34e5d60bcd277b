import { formatDate, formatDayMonth, formatWeekday, type DateInput } from '#web/lib/dates';
import { formatTime } from '#web/lib/date-times';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * When a conversation last moved, short enough for a list row: "Just now", "5 min", "3:05 PM" (today),
 * "Yesterday", "Mon" (this week), "Nov 21" (this year), else "Nov 21, 2025", in the viewer's zone.
 */
export function formatWhen(at: DateInput, now: number, timeZone: string): string {
  const time = new Date(at).getTime();
  const ago = now - time;
  if (ago < MINUTE) return 'Just now';
  if (ago < 60 * MINUTE) return `${Math.floor(ago / MINUTE)} min`;
  const day = formatDate(time, timeZone);
  if (day === formatDate(now, timeZone)) return formatTime(time, timeZone);
  if (day === formatDate(now - DAY, timeZone)) return 'Yesterday';
  if (ago < 6 * DAY) return formatWeekday(time, timeZone);
  if (formatDate(time, timeZone).slice(-4) === formatDate(now, timeZone).slice(-4))
    return formatDayMonth(time, timeZone);
  return day;
}

/** A message's time under its bubble: "3:05 PM" today, else "Nov 21, 3:05 PM" (or with the year). */
export function formatMessageTime(at: DateInput, now: number, timeZone: string): string {
  const time = formatTime(at, timeZone);
  const day = formatDate(at, timeZone);
  if (day === formatDate(now, timeZone)) return time;
  const sameYear = day.slice(-4) === formatDate(now, timeZone).slice(-4);
  return `${sameYear ? formatDayMonth(at, timeZone) : day}, ${time}`;
}
