import type { ReactNode } from 'react';
import type { CoachPage } from '#contracts/coach-pages';
import { isNotFound, useCoachPage, useCoachPrograms, useCoachServices } from '../api/coach-page';
import { displayNameOf } from '../lib/display';
import { CoachNotFound, CoachPageError, CoachPageSkeleton } from './coach-page-states';
import { CoachProfileView, type FollowRenderer } from './coach-profile-view';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** The services and programs of a loaded page: undefined while loading, null when they failed. */
export function useCoachOffers(page: CoachPage | undefined) {
  const services = useCoachServices(page?.coach_id);
  const programs = useCoachPrograms(page?.coach_id);
  return {
    services: services.isError ? null : services.data,
    programs: programs.isError ? null : programs.data,
  };
}

/**
 * Loads a coach page by username, profile id or user id and shows it, or its loading, not-found and
 * error states. `banner` sits above the page (the preview banner, the owner's actions).
 */
export function CoachProfileScreen({
  coachRef,
  renderFollow,
  banner,
  reviews,
  labels,
  notFound,
}: {
  coachRef: string | undefined;
  renderFollow?: FollowRenderer;
  banner?: (page: CoachPage) => ReactNode;
  /** The reviews section under the page's main column (the public coach page). */
  reviews?: (page: CoachPage) => ReactNode;
  /** Name the parts of the page when the coach asked for it (previews only). */
  labels?: boolean;
  /** What to show instead of the generic not-found (the owner's own profile). */
  notFound?: ReactNode;
}) {
  const query = useCoachPage(coachRef);
  const offers = useCoachOffers(query.data);
  useDocumentTitle(query.data ? displayNameOf(query.data) : null);

  if (!coachRef || isNotFound(query.error)) return notFound ?? <CoachNotFound />;
  if (query.isError) return <CoachPageError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <CoachPageSkeleton />;
  return (
    <CoachProfileView
      page={query.data}
      services={offers.services}
      programs={offers.programs}
      renderFollow={renderFollow}
      labels={labels === true && query.data.display.enable_live_preview_labels}
      headerActions={banner?.(query.data)}
      reviews={reviews?.(query.data)}
    />
  );
}
