import { useInfiniteQuery } from '@tanstack/react-query';
import { SearchX, X } from 'lucide-react';
import { MessageCard } from '#web/components/message-card';
import { LoadError } from '#web/components/load-error';
import { Button, buttonClasses } from '#web/components/button';
import { ApiError } from '#web/lib/api-client';
import { coachSearchQueryOptions } from '../api/discovery';
import { hasFilters, toSearchQuery, type DiscoverState } from '../lib/discover-params';
import { CoachGrid, CoachGridSkeleton } from './coach-card';

const PAGE_SIZE = 24;

export function DiscoverResults({
  state,
  onClear,
  onClearFilters,
}: {
  state: DiscoverState;
  onClear: () => void;
  onClearFilters: () => void;
}) {
  const query = useInfiniteQuery(coachSearchQueryOptions(toSearchQuery(state, PAGE_SIZE)));
  const coaches = query.data?.pages.flatMap((page) => page.coaches) ?? [];

  if (query.isPending)
    return (
      <div role="status" aria-label="Loading coaches">
        <CoachGridSkeleton count={6} />
      </div>
    );

  if (query.isError && coaches.length === 0)
    return (
      <LoadError title="We could not load coaches" error={query.error} onRetry={() => void query.refetch()} />
    );

  if (coaches.length === 0)
    return (
      <MessageCard
        icon={SearchX}
        title="No coaches match"
        action={
          <>
            {hasFilters(state) ? (
              <Button onClick={onClearFilters}>
                <X aria-hidden="true" className="size-4" />
                Clear filters
              </Button>
            ) : null}
            {state.q.trim() || hasFilters(state) ? (
              <Button variant="secondary" onClick={onClear}>
                Start over
              </Button>
            ) : null}
          </>
        }
      >
        {state.q.trim()
          ? `Nobody matches “${state.q.trim()}”${hasFilters(state) ? ' with these filters' : ''}. Try fewer words or clear the filters.`
          : 'Nobody matches these filters right now. Widen the price range or clear the filters.'}
      </MessageCard>
    );

  return (
    <section aria-labelledby="discover-results">
      <h2 id="discover-results" className="sr-only">
        Results
      </h2>
      <p aria-live="polite" className="mb-3 text-sm text-text-muted">
        {query.hasNextPage
          ? `Showing the first ${coaches.length} coaches`
          : `${coaches.length} ${coaches.length === 1 ? 'coach' : 'coaches'}`}
      </p>
      <CoachGrid coaches={coaches} />
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-4 text-center text-sm text-danger">
          {query.error instanceof ApiError ? query.error.message : 'Loading more coaches failed.'} Try again.
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className={buttonClasses('secondary')}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading more coaches…' : 'Show more coaches'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
