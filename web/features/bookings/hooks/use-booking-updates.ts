import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BOOKING_EVENTS } from '#contracts/bookings';
import { onUserEvent, onUserResync } from '#web/lib/realtime/user-events';
import { MY_BOOKINGS_KEY } from '../api/bookings';

/**
 * Keeps the booking lists current: a booking made, cancelled, opened or closed ('booking.changed' on
 * the person's own topic, from either side) or missed events (a resync) read them again.
 */
export function useBookingUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY });
    const offEvent = onUserEvent(BOOKING_EVENTS.changed, reload);
    const offResync = onUserResync(reload);
    return () => {
      offEvent();
      offResync();
    };
  }, [queryClient]);
}
