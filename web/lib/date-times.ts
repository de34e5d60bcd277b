import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type { DateInput } from './dates';

/**
 * Every time of day the web app shows ("Nov 21, 2026, 3:05 PM", "3:05 PM"), in the zone it is given
 * (see ./dates.ts for dates and zones). Through date-fns patterns (@date-fns/tz): Intl's en-US puts a
 * narrow no-break space before AM/PM in some browsers and a plain one in others.
 */
const inZone = (pattern: string) => (at: DateInput, timeZone: string) =>
  format(at, pattern, { in: tz(timeZone) });

/** "Nov 21, 2026, 3:05 PM" */
export const formatDateTime = inZone('MMM d, yyyy, h:mm a');
/** "Nov 21, 2026, 15:05" (the 24-hour clock, for times written with their zone's name after them) */
export const formatDateTime24 = inZone('MMM d, yyyy, HH:mm');
/** "3:05 PM" */
export const formatTime = inZone('h:mm a');
/** "15:05" (the 24-hour clock, as booking times are written: "Tue 2 Dec, 15:05 CET") */
export const formatTime24 = inZone('HH:mm');
