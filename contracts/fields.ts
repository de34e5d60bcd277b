import { z } from 'zod';
import { isTimeZone } from '#domain/scheduling/local-time';

/**
 * Field rules many bodies share, each answering with the feature's own messages.
 */

/** Text a person must write: trimmed, not empty (`required`, also when missing), at most `max` characters. */
export function requiredText(max: number, messages: { required: string; tooLong: string }) {
  return z.string(messages.required).trim().min(1, messages.required).max(max, messages.tooLong);
}

/** A whole number from `min` to `max`; one message for every way it can be wrong. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.number(message).int(message).min(min, message).max(max, message);
}

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list (e.g. Europe/Berlin).';

/** An IANA time zone name the runtime knows ("Europe/Berlin"); never an offset like "+01:00". */
export const timeZoneSchema = z
  .string(TIME_ZONE_MESSAGE)
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isTimeZone, TIME_ZONE_MESSAGE);
