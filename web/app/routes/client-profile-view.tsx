import { CalendarClock, UserRoundSearch } from 'lucide-react';
import { useParams } from 'react-router';
import { useCoachViewOfClient } from '#web/features/client-profile/api/client-profile';
import {
  ClientProfilePage,
  ProfileUnavailable,
} from '#web/features/client-profile/components/client-profile-page';
import { formatCents } from '#web/lib/money';
import { formatDate, localTimeZone } from '#web/lib/dates';

/** SPEC §2 `/client-profile-view/:clientId`: a client's profile as their coach sees it, after a session. */
export function ClientProfileViewPage() {
  const { clientId = '' } = useParams();
  const view = useCoachViewOfClient(clientId);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <ClientProfilePage
        query={view}
        loadingLabel="Loading the client's profile"
        placeholderClassName="h-64"
        unavailableStatuses={[404, 400]}
        unavailable={
          <ProfileUnavailable
            icon={UserRoundSearch}
            title="Client profile not available"
            to="/portal"
            action="Back to coach home"
          >
            You can see a client&apos;s profile after a session with them.
          </ProfileUnavailable>
        }
        emptyText="This client has not filled in their profile yet."
      >
        {(data) => (
          <dl className="grid grid-cols-1 gap-3 rounded-[var(--radius-control)] bg-surface-sunken p-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-text-muted">Sessions together</dt>
              <dd className="text-lg font-semibold tabular-nums">{data.sessions.total_sessions}</dd>
            </div>
            <div>
              <dt className="text-sm text-text-muted">Spent with you</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatCents(data.sessions.total_spent)}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-1 text-sm text-text-muted">
                <CalendarClock aria-hidden="true" className="size-4" />
                Last session
              </dt>
              <dd className="text-lg font-semibold">
                {data.sessions.last_session_at
                  ? formatDate(data.sessions.last_session_at, localTimeZone())
                  : '—'}
              </dd>
            </div>
          </dl>
        )}
      </ClientProfilePage>
    </div>
  );
}
