import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Booking } from '#contracts/bookings';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';
import { RetryError } from '#web/components/list-states';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { formatInZone, localTimeZone } from '#web/lib/dates';
import { formatTime24 } from '#web/lib/date-times';
import { Button } from '#web/components/button';
import { useNow } from '#web/lib/use-now';
import { myBookingsQueryOptions, useJoinBooking } from '../api/bookings';
import { firstNameOf, isCancellable, isJoinable, joinedPath } from '../lib/booking-form';
import { useBookingUpdates } from '../hooks/use-booking-updates';
import { CancelBookingDialog } from './cancel-booking-dialog';

/** How often the list looks at the clock: a Join button appears within this of its moment. */
const JOIN_CHECK_MS = 15_000;

/**
 * The caller's upcoming bookings, soonest first (#18): when (in their zone, with the other side's time
 * when it differs), what and with whom, and from 10 minutes before its start a Join button. `as` says
 * which side the list is for.
 */
export function UpcomingBookings({ as, empty }: { as: 'client' | 'coach'; empty: string }) {
  const bookings = useQuery(myBookingsQueryOptions('upcoming'));
  useBookingUpdates();
  const now = useNow(JOIN_CHECK_MS, (bookings.data?.bookings.length ?? 0) > 0);
  const headingId = useId();
  const zone = localTimeZone();
  let body;
  if (bookings.isPending) body = <SkeletonRows label="Loading your bookings…" rows={2} />;
  else if (bookings.isError)
    body = <RetryError error={bookings.error} onRetry={() => void bookings.refetch()} />;
  else if (bookings.data.bookings.length === 0) body = <p className="text-sm text-text-muted">{empty}</p>;
  else
    body = (
      <ul className="flex flex-col divide-y divide-border">
        {bookings.data.bookings.map((booking) => {
          const other = as === 'client' ? booking.coach_name : booking.client_name;
          const otherZone = as === 'client' ? booking.coach_time_zone : booking.client_time_zone;
          return (
            <li key={booking.id} className="flex items-start gap-3 py-3">
              <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="min-w-0">
                <p className="font-semibold">
                  {formatInZone(booking.scheduled_at, zone)}
                  {otherZone !== zone ? (
                    <span className="font-normal text-text-muted">
                      {` · ${formatTime24(booking.scheduled_at, otherZone)} for ${firstNameOf(other)}`}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm break-words">{`${booking.title} with ${other}`}</p>
                <p className="text-sm text-text-muted">
                  {`${FORMAT_SHORT_LABELS[booking.format]} · ${booking.duration_minutes} min`}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {isJoinable(booking, now) ? <JoinBooking booking={booking} other={other} /> : null}
                  {isCancellable(booking, now) ? (
                    <CancelBooking booking={booking} as={as} other={other} />
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section aria-labelledby={headingId} className={`${cardClasses} p-4 sm:p-6`}>
      <h2 id={headingId} className="text-lg font-semibold">
        Upcoming bookings
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}

/** Opens the booked session's room (the waiting screen until its start), saying why when it cannot. */
function JoinBooking({ booking, other }: { booking: Booking; other: string }) {
  const join = useJoinBooking();
  const navigate = useNavigate();
  return (
    <div>
      <Button
        aria-label={`Join ${booking.title} with ${other}`}
        busy={join.isPending}
        onClick={() =>
          join.mutate(booking.id, {
            onSuccess: (joined) =>
              void navigate(joinedPath(joined.session_id, booking.scheduled_at, Date.now())),
          })
        }
      >
        {join.isPending ? 'Joining…' : 'Join'}
      </Button>
      {join.isError ? (
        <p role="alert" className="mt-1 text-sm font-medium text-danger">
          {join.error.message}
        </p>
      ) : null}
    </div>
  );
}

function CancelBooking({ booking, as, other }: { booking: Booking; as: 'client' | 'coach'; other: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Cancel ${booking.title} with ${other}`}
        onClick={() => setOpen(true)}
      >
        Cancel
      </Button>
      {/* Mounted when opened, so what it says about the money is read at that moment. */}
      {open ? (
        <CancelBookingDialog booking={booking} as={as} other={other} open onOpenChange={setOpen} />
      ) : null}
    </>
  );
}
