import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';
import { RetryError } from '#web/components/list-states';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { formatInZone, localTimeZone } from '#web/lib/dates';
import { formatTime24 } from '#web/lib/date-times';
import { myBookingsQueryOptions } from '../api/bookings';
import { firstNameOf } from '../lib/booking-form';

/**
 * The caller's upcoming bookings, soonest first (#18): when (in their zone, with the other side's time
 * when it differs), what and with whom. `as` says which side the list is for.
 */
export function UpcomingBookings({ as, empty }: { as: 'client' | 'coach'; empty: string }) {
  const bookings = useQuery(myBookingsQueryOptions('upcoming'));
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
