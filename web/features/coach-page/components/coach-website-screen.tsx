import type { ReactNode } from 'react';
import type { CoachPage } from '#contracts/coach-pages';
import { isNotFound, useCoachPage } from '../api/coach-page';
import { displayNameOf } from '../lib/display';
import { CoachNotFound, CoachPageError } from './coach-page-states';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useCoachOffers } from './coach-profile-screen';
import { CoachWebsiteView } from './coach-website-view';

function WebsiteSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading...</span>
      <div aria-hidden="true" className="min-h-[22rem] animate-pulse bg-surface-sunken sm:min-h-[26rem]" />
    </div>
  );
}

/** Loads a coach's website by username, profile id or user id, with its loading and error states. */
export function CoachWebsiteScreen({
  coachRef,
  contact,
}: {
  coachRef: string | undefined;
  /** The contact section's way to write to the coach, given the page (the route's; features stay apart). */
  contact?: (page: CoachPage) => ReactNode;
}) {
  const query = useCoachPage(coachRef);
  const offers = useCoachOffers(query.data);
  useDocumentTitle(query.data ? `${displayNameOf(query.data)} — website` : null);

  if (!coachRef || isNotFound(query.error)) return <CoachNotFound />;
  if (query.isError) return <CoachPageError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <WebsiteSkeleton />;
  return (
    <CoachWebsiteView
      page={query.data}
      services={offers.services}
      programs={offers.programs}
      contact={contact?.(query.data)}
    />
  );
}
