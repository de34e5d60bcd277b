import { formatDate, formatDayMonth, type DateInput } from '#web/lib/dates';
import { formatDateTime, formatTime } from '#web/lib/date-times';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a notification came, for its row: "Just now", "5 min ago", "3 h ago" (under a day),
 * "Yesterday, 3:05 PM", "Nov 21, 3:05 PM" (this year), else "Nov 21, 2025, 3:05 PM", in the viewer's zone.
 */
export function timeAgo(at: DateInput, now: number, timeZone: string): string {
  const time = new Date(at).getTime();
  const ago = now - time;
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const day = formatDate(time, timeZone);
  if (day === formatDate(now - DAY, timeZone)) return `Yesterday, ${formatTime(time, timeZone)}`;
  if (day.slice(-4) === formatDate(now, timeZone).slice(-4))
    return `${formatDayMonth(time, timeZone)}, ${formatTime(time, timeZone)}`;
  return formatDateTime(time, timeZone);
}
