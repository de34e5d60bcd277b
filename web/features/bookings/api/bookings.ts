import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingsApi } from '#contracts/bookings.api';
import type { CancelBooking, CreateBooking } from '#contracts/bookings';
import { schedulingApi } from '#contracts/scheduling.api';
import { servicesApi } from '#contracts/services.api';
import { api } from '#web/lib/api';
import { walletQueryOptions } from '#web/lib/queries/wallet';

/**
 * Booking a service at a time (contracts/bookings.ts): the service, its coach's free times, the price
 * with a coupon, and the booking itself (money held, so the POST carries an Idempotency-Key).
 */

export { newIdempotencyKey } from '#web/lib/api';
export { walletQueryOptions } from '#web/lib/queries/wallet';

/** GET /api/services/:id: the active service and its coach. */
export const bookableServiceQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: ['bookable-service', serviceId],
    queryFn: ({ signal }) => api(servicesApi.getPublic, { params: { id: serviceId } }, { signal }),
    staleTime: 60_000,
  });

const slotsKey = (coachId: string) => ['coach-slots', coachId] as const;

/** GET /api/coaches/:coachId/slots for [from, to): free starts of a `duration`-minute session. */
export const slotsQueryOptions = (input: { coachId: string; duration: number; from: number; to: number }) =>
  queryOptions({
    queryKey: [...slotsKey(input.coachId), input.duration, input.from, input.to],
    queryFn: ({ signal }) =>
      api(
        schedulingApi.slots,
        {
          params: { coachId: input.coachId },
          query: {
            duration: input.duration,
            from: new Date(input.from).toISOString(),
            to: new Date(input.to).toISOString(),
          },
        },
        { signal },
      ),
    // Times are taken by others: never older than half a minute.
    staleTime: 30_000,
  });

/** GET /api/bookings/quote: the price with a coupon, before anything is held (a bad coupon: 422). */
export const bookingQuoteQueryOptions = (serviceId: string, coupon: string | null) =>
  queryOptions({
    queryKey: ['booking-quote', serviceId, coupon ?? ''],
    queryFn: ({ signal }) =>
      api(bookingsApi.quote, { query: { service_id: serviceId, coupon: coupon ?? undefined } }, { signal }),
    staleTime: 60_000,
  });

/** Every list of the caller's bookings (upcoming and past). */
export const MY_BOOKINGS_KEY = ['my-bookings'] as const;

/** GET /api/me/bookings: the caller's upcoming (or past) bookings. */
export const myBookingsQueryOptions = (when: 'upcoming' | 'past') =>
  queryOptions({
    queryKey: [...MY_BOOKINGS_KEY, when],
    queryFn: ({ signal }) => api(bookingsApi.mine, { query: { when } }, { signal }),
  });

/** POST /api/bookings/:id/join: the booked session's room (opened by the first join). */
export function useJoinBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api(bookingsApi.join, { params: { id: bookingId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY }),
  });
}

/** POST /api/bookings/:id/cancel: money moves (a late share kept or all given back), so it carries a key. */
export function useCancelBooking(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body, key }: { bookingId: string; body: CancelBooking; key: string }) =>
      api(bookingsApi.cancel, { params: { id: bookingId }, body }, { idempotencyKey: key }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: walletQueryOptions(userId).queryKey }),
      ]),
  });
}

export function useCreateBooking(userId: string, coachId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateBooking; key: string }) =>
      api(bookingsApi.create, { body }, { idempotencyKey: key }),
    // The hold moved money; the time is no longer free (or was taken by someone else).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: slotsKey(coachId) }),
        queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY }),
      ]),
  });
}
