import type { SessionFormat } from '../coaching/categories';
import { cents, divideRounded, nonNegativeCents, subtractCents, type Cents } from './cents';

/**
 * SPEC §9 pricing, the one implementation used by the server and shown by the web.
 *
 * - A coach's on-demand rate is per 15 minutes, in cents, from the profile (on_demand_text_price,
 *   on_demand_audio_price, on_demand_video_price; null = not set), else the defaults below.
 * - price = rate / 15 × minutes, rounded to the cent with the one rule of cents.ts (`divideRounded`:
 *   halves away from zero; with a divisor of 15 an exact half cannot occur, so every price is the
 *   nearest cent).
 * - session_value is the price of the default 30 minutes.
 * - final price = price (or the original price when one is given) minus the discount, never below 0.
 * - On settlement the coach gets floor(95 %) of the amount and the platform the rest, exact to the cent.
 */

export type { SessionFormat };

/** SPEC §9: cents per 15 minutes when the profile has no rate (text 30, audio 35, video 40). */
export const ON_DEMAND_DEFAULT_RATES = { text: 3000, audio: 3500, video: 4000 } as const satisfies Record<
  SessionFormat,
  number
>;

export const RATE_MINUTES = 15;
/** SPEC §9: session_value uses the default session length of 30 minutes. */
export const SESSION_VALUE_MINUTES = 30;
/** Coach share of a settled amount, in percent (rounded down; the platform keeps the rest). */
export const COACH_SHARE_PERCENT = 95;

/** The profile's on-demand rate columns (cents per 15 minutes, null = use the default). */
export type ProfileRates = {
  on_demand_text_price?: number | null;
  on_demand_audio_price?: number | null;
  on_demand_video_price?: number | null;
};

const RATE_FIELD = {
  text: 'on_demand_text_price',
  audio: 'on_demand_audio_price',
  video: 'on_demand_video_price',
} as const satisfies Record<SessionFormat, keyof ProfileRates>;

/** The rate per 15 minutes for a format: the profile's own, else the SPEC §9 default. */
export function ratePer15Minutes(format: SessionFormat, profile: ProfileRates = {}): Cents {
  const own = profile[RATE_FIELD[format]];
  return nonNegativeCents(own ?? ON_DEMAND_DEFAULT_RATES[format]);
}

/** The three effective rates of a profile (defaults applied). */
export function effectiveRates(profile: ProfileRates = {}): Record<SessionFormat, Cents> {
  return {
    text: ratePer15Minutes('text', profile),
    audio: ratePer15Minutes('audio', profile),
    video: ratePer15Minutes('video', profile),
  };
}

/** price = rate / 15 × minutes, rounded to the cent. Minutes must be a non-negative integer. */
export function priceForMinutes(rate: Cents, minutes: number): Cents {
  if (!Number.isSafeInteger(minutes) || minutes < 0)
    throw new RangeError(`Minutes must be a non-negative integer: ${minutes}`);
  return nonNegativeCents(divideRounded(nonNegativeCents(rate) * minutes, RATE_MINUTES));
}

/** The price of an on-demand session of `minutes` in `format` with the coach's rates. */
export function onDemandPrice(format: SessionFormat, minutes: number, profile: ProfileRates = {}): Cents {
  return priceForMinutes(ratePer15Minutes(format, profile), minutes);
}

/** SPEC §9 session_value: the price of 30 minutes. */
export function sessionValue(format: SessionFormat, profile: ProfileRates = {}): Cents {
  return onDemandPrice(format, SESSION_VALUE_MINUTES, profile);
}

/** Final price = (original price if given, else price) − discount, never below 0. */
export function finalPrice(input: {
  price: Cents;
  originalPrice?: Cents | null;
  discount?: Cents | null;
}): Cents {
  const base = nonNegativeCents(input.originalPrice ?? input.price);
  const discount = nonNegativeCents(input.discount ?? 0);
  return discount >= base ? cents(0) : subtractCents(base, discount);
}

/** Settlement split: coach floor(95 %), platform the rest; coach + platform === amount, always. */
export function splitSettlement(amount: Cents): { coach: Cents; platform: Cents } {
  const total = nonNegativeCents(amount);
  const coach = cents(Math.floor((total * COACH_SHARE_PERCENT) / 100));
  return { coach, platform: subtractCents(total, coach) };
}

/**
 * SPEC §9 coach earnings when a session ends: the amount given, else 95 % of payment_amount, falling
 * back to session_value (floor, like the split).
 */
export function coachEarnings(input: {
  given?: Cents | null;
  paymentAmount?: Cents | null;
  sessionValue?: Cents | null;
}): Cents {
  if (input.given != null) return nonNegativeCents(input.given);
  return splitSettlement(input.paymentAmount ?? input.sessionValue ?? cents(0)).coach;
}
