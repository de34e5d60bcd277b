/**
 * A booking's cancellation policy (#18), set per service and kept on each booking as it was when booked:
 * free until `freeCancelHours` before the start; later, `lateCancelPercent` of the price is charged.
 * A coach who cancels always gives the whole price back. Pure rules; the bookings module moves the money.
 */

export type CancellationPolicy = { freeCancelHours: number; lateCancelPercent: number };

/** The defaults: free until 24 h before, half the price after. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { freeCancelHours: 24, lateCancelPercent: 50 };

export const CANCELLATION_LIMITS = { freeCancelHoursMax: 720, percentMax: 100 } as const;

const HOUR_MS = 3_600_000;

/** The last moment a client may cancel for free (epoch ms). */
export const freeCancelUntil = (scheduledAt: number, policy: CancellationPolicy) =>
  scheduledAt - policy.freeCancelHours * HOUR_MS;

/**
 * What cancelling at `now` costs the client, in cents: nothing when the coach cancels or before the
 * free window closes; after it, the policy's share of the price (rounded down, in the client's favour).
 */
export function cancellationCharge(input: {
  by: 'client' | 'coach';
  price: number;
  scheduledAt: number;
  now: number;
  policy: CancellationPolicy;
}): number {
  if (input.by === 'coach' || input.price <= 0) return 0;
  if (input.now < freeCancelUntil(input.scheduledAt, input.policy)) return 0;
  return Math.floor((input.price * input.policy.lateCancelPercent) / 100);
}
