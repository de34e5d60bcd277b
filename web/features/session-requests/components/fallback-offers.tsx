import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, MessageSquare, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { SessionRequest } from '#contracts/sessions';
import { categoryLabel } from '#domain/coaching/categories';
import { Avatar } from '#web/components/avatar';
import { buttonClasses } from '#web/components/button';
import { SkeletonList } from '#web/components/list-states';
import { LoadError } from '#web/components/load-error';
import { alternativesQueryOptions } from '../api/session-requests';
import { coachNameOf, coachPagePath } from '../lib/display';
import { paddedCardClasses } from '#web/components/card';
import { chatWithPath } from '#web/lib/app-paths';

/**
 * after a decline or an unanswered request, the three ways on, in one place —
 * coaches in the same category who are online now, a message to this coach, or booking a time.
 */
export function FallbackOffers({ request }: { request: SessionRequest }) {
  const alternatives = useQuery(alternativesQueryOptions(request.id));
  const coach = coachNameOf(request);
  const coachRef = { username: request.coach_username, id: request.coach_id };
  const category = request.session_category ? categoryLabel(request.session_category) : null;

  return (
    <section aria-labelledby="fallback-heading" className={paddedCardClasses}>
      <h2 id="fallback-heading" className="text-lg font-semibold">
        What you can do now
      </h2>

      <div className="mt-4">
        <h3 className="flex items-center gap-2 font-semibold">
          <Users aria-hidden="true" className="size-4 text-primary" />
          {category ? `${category} coaches online now` : 'Coaches online now'}
        </h3>
        {alternatives.isPending ? (
          <SkeletonList
            className="mt-3 flex flex-col gap-2"
            itemClassName="h-16 rounded-[var(--radius-control)] bg-surface-sunken"
          />
        ) : alternatives.isError ? (
          <div className="mt-3">
            <LoadError
              title="We couldn't load who is online"
              error={alternatives.error}
              onRetry={() => void alternatives.refetch()}
              as="h2"
            />
          </div>
        ) : alternatives.data.online_coaches.length === 0 ? (
          <p className="mt-2 text-sm text-text-muted">
            No other coaches like this are online right now. Try again in a few minutes, or{' '}
            <Link to="/discover" className="font-semibold text-primary underline-offset-2 hover:underline">
              browse all coaches
            </Link>
            .
          </p>
        ) : (
          <ul aria-label="Coaches online now" className="mt-3 flex flex-col gap-2">
            {alternatives.data.online_coaches.map((other) => (
              <li key={other.id}>
                <Link
                  to={coachPagePath(other)}
                  className="flex min-h-16 items-center gap-3 rounded-[var(--radius-control)] border border-border bg-surface-raised p-3 hover:bg-surface-sunken"
                >
                  <span className="relative">
                    <Avatar
                      name={other.full_name}
                      src={other.avatar_url}
                      size={40}
                      className="size-10 text-sm"
                    />
                    <span
                      aria-hidden="true"
                      className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-surface-raised bg-success"
                    />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{other.full_name}</span>
                    <span className="block truncate text-sm text-text-muted">
                      {other.professional_title ?? other.categories.map(categoryLabel).join(', ')}
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold text-primary">
                    Online<span className="sr-only">: open their page to start a session</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2 rounded-[var(--radius-control)] bg-surface-sunken p-4">
          <h3 className="flex items-center gap-2 font-semibold">
            <MessageSquare aria-hidden="true" className="size-4 text-primary" />
            {`Write to ${coach}`}
          </h3>
          <p className="text-sm text-text-muted">Say what you need; they can answer when they're free.</p>
          {/* Finds or starts the conversation with this coach and opens it. */}
          <Link to={chatWithPath(request.coach_id)} className={buttonClasses('secondary', 'mt-auto')}>
            Send a message
          </Link>
        </div>
        <div className="flex flex-col gap-2 rounded-[var(--radius-control)] bg-surface-sunken p-4">
          <h3 className="flex items-center gap-2 font-semibold">
            <CalendarPlus aria-hidden="true" className="size-4 text-primary" />
            {`Book a time with ${coach}`}
          </h3>
          <p className="text-sm text-text-muted">Pick a date and time that suits you both.</p>
          <Link to={`${coachPagePath(coachRef)}?book=time`} className={buttonClasses('secondary', 'mt-auto')}>
            Book a time
          </Link>
        </div>
      </div>
    </section>
  );
}
