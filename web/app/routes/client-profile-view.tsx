import { CalendarClock, UserRoundSearch } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '#web/components/load-error';
import { buttonClasses } from '#web/components/button';
import { useCoachViewOfClient } from '#web/features/client-profile/api/client-profile';
import { ClientProfileCard } from '#web/features/client-profile/components/client-profile-card';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import { formatDate, localTimeZone } from '#web/lib/dates';

/** SPEC §2 `/client-profile-view/:clientId`: a client's profile as their coach sees it, after a session. */
export function ClientProfileViewPage() {
  const { clientId = '' } = useParams();
  const view = useCoachViewOfClient(clientId);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {view.isPending ? (
        <div
          aria-busy="true"
          aria-label="Loading the client's profile"
          className="h-64 animate-pulse rounded-[var(--radius-card)] bg-surface-sunken"
        />
      ) : view.isError ? (
        view.error instanceof ApiError && (view.error.status === 404 || view.error.status === 400) ? (
          <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-border bg-surface px-6 py-12 text-center shadow-soft">
            <UserRoundSearch aria-hidden="true" className="size-10 text-text-muted" />
            <h1 className="mt-4 text-xl font-semibold">Client profile not available</h1>
            <p className="mt-2 max-w-md text-sm text-text-muted">
              You can see a client&apos;s profile after a session with them.
            </p>
            <Link to="/portal" className={buttonClasses('secondary', 'mt-6')}>
              Back to coach home
            </Link>
          </div>
        ) : (
          <LoadError
            as="h1"
            title="We could not load this profile"
            error={view.error}
            onRetry={() => void view.refetch()}
          />
        )
      ) : (
        <ClientProfileCard
          profile={view.data}
          headingLevel="h1"
          emptyText="This client has not filled in their profile yet."
        >
          <dl className="grid grid-cols-1 gap-3 rounded-[var(--radius-control)] bg-surface-sunken p-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-text-muted">Sessions together</dt>
              <dd className="text-lg font-semibold tabular-nums">{view.data.sessions.total_sessions}</dd>
            </div>
            <div>
              <dt className="text-sm text-text-muted">Spent with you</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {formatCents(view.data.sessions.total_spent)}
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-1 text-sm text-text-muted">
                <CalendarClock aria-hidden="true" className="size-4" />
                Last session
              </dt>
              <dd className="text-lg font-semibold">
                {view.data.sessions.last_session_at
                  ? formatDate(view.data.sessions.last_session_at, localTimeZone())
                  : '—'}
              </dd>
            </div>
          </dl>
        </ClientProfileCard>
      )}
    </div>
  );
}
