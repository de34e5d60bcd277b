import type { ReactNode } from 'react';
import { paddedCardClasses } from '#web/components/card';
import { SkeletonList } from '#web/components/list-states';
import { CountBadge } from './review-list-parts';

/**
 * The "Reviews" section of a public coach page around what it holds: the same heading whether the
 * reviews are there or still coming (a coach page loads them when scrolled near, and headings
 * navigation finds the section before).
 */
export function CoachReviewsShell({ total = 0, children }: { total?: number; children: ReactNode }) {
  return (
    <section aria-labelledby="coach-reviews" className={paddedCardClasses}>
      <h2 id="coach-reviews" className="flex items-center gap-2 text-lg font-semibold">
        Reviews
        <CountBadge count={total} />
      </h2>
      {children}
    </section>
  );
}

/** The reviews' place while they load. */
export function CoachReviewsSkeleton() {
  return (
    <SkeletonList
      testId="coach-reviews-loading"
      className="mt-4 flex flex-col gap-3"
      itemClassName="h-24 rounded-[var(--radius-control)] bg-surface-sunken"
    />
  );
}

/** The section before its code and data are there. */
export function CoachReviewsLoading() {
  return (
    <CoachReviewsShell>
      <CoachReviewsSkeleton />
    </CoachReviewsShell>
  );
}
