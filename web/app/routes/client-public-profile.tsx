import { UserRoundX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '#web/components/load-error';
import { buttonClasses } from '#web/components/button';
import { usePublicClientProfile } from '#web/features/client-profile/api/client-profile';
import { ClientProfileCard } from '#web/features/client-profile/components/client-profile-card';
import { ApiError } from '#web/lib/api-client';

/** SPEC §2 `/client/:username` (public): only what the client chose to show. */
export function ClientPublicProfilePage() {
  const { username = '' } = useParams();
  const page = usePublicClientProfile(username);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      {page.isPending ? (
        <div
          aria-busy="true"
          aria-label="Loading this profile"
          className="h-56 animate-pulse rounded-[var(--radius-card)] bg-surface-sunken"
        />
      ) : page.isError ? (
        page.error instanceof ApiError && page.error.status === 404 ? (
          <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-border bg-surface px-6 py-12 text-center shadow-soft">
            <UserRoundX aria-hidden="true" className="size-10 text-text-muted" />
            <h1 className="mt-4 text-xl font-semibold">This profile is not public</h1>
            <p className="mt-2 max-w-md text-sm text-text-muted">
              Either the person keeps their profile private, or there is nobody called @{username} here.
            </p>
            <Link to="/" className={buttonClasses('secondary', 'mt-6')}>
              Go to Wellspring
            </Link>
          </div>
        ) : (
          <LoadError
            as="h1"
            title="We could not load this profile"
            error={page.error}
            onRetry={() => void page.refetch()}
          />
        )
      ) : (
        <ClientProfileCard
          profile={page.data}
          headingLevel="h1"
          emptyText="This member shares only their name."
        />
      )}
    </div>
  );
}
