import { useQuery } from '@tanstack/react-query';
import { ArrowRight, RotateCcw } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { categoryLabel, COACHING_CATEGORIES } from '#domain/coaching/categories';
import { Button, buttonClasses } from '#web/components/button';
import { ApiError } from '#web/lib/api-client';
import { categoryCountsQueryOptions, coachListQueryOptions, recommendedQueryOptions } from '../api/discovery';
import { CoachGrid, CoachGridSkeleton } from './coach-card';
import { CoachSearchInput } from './discover-controls';

/**
 * The discovery half of the client home (/client-portal, SPEC §4 client tour steps search-coaches,
 * categories, available-coaches, recommended-coaches): a search box that opens /discover, the
 * categories, coaches online now and coaches recommended from the client's interests.
 */
export function ClientHomeDiscovery({ userId }: { userId: string | null }) {
  return (
    <div className="flex flex-col gap-10">
      <HomeSearch />
      <HomeCategories />
      <CoachSection
        id="available-now"
        tour="available-coaches"
        title="Available now"
        description="Coaches online and ready for a session right away."
        query={coachListQueryOptions({ online: true, sort: 'rating', pageSize: 6 })}
        seeAll="/discover?online=1"
        empty={
          <>
            Nobody is online right this minute.{' '}
            <Link to="/discover" className="font-semibold text-primary underline">
              Browse every coach
            </Link>{' '}
            or book a time that suits you.
          </>
        }
      />
      <Recommended userId={userId} />
    </div>
  );
}

function HomeSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/discover?${new URLSearchParams({ q }).toString()}` : '/discover');
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      data-tour="search-coaches"
      className="flex flex-col gap-2 sm:flex-row"
    >
      <CoachSearchInput
        id="home-search"
        value={text}
        onChange={setText}
        placeholder="What would you like help with?"
        className="flex-1"
      />
      <Button type="submit">Search coaches</Button>
    </form>
  );
}

function HomeCategories() {
  const counts = useQuery(categoryCountsQueryOptions());
  const withCoaches = counts.data?.categories.filter((category) => category.coaches > 0);
  const list = withCoaches ?? COACHING_CATEGORIES.map((category) => ({ ...category, coaches: null }));
  return (
    <section aria-labelledby="home-categories" data-tour="categories">
      <h2 id="home-categories" className="text-lg font-semibold">
        Browse by category
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {list.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/discover?category=${category.slug}`}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-border bg-surface px-3 text-sm font-medium hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {categoryLabel(category.slug)}
              {category.coaches !== null ? (
                <span className="text-text-muted tabular-nums">{category.coaches.toLocaleString()}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Recommended({ userId }: { userId: string | null }) {
  const query = useQuery(recommendedQueryOptions(userId));
  const basedOn = query.data?.based_on ?? [];
  return (
    <CoachSection
      id="recommended"
      tour="recommended-coaches"
      title="Recommended for you"
      description={
        basedOn.length > 0
          ? `Top-rated coaches in ${basedOn.map(categoryLabel).join(', ')}, from the interests on your profile.`
          : 'Our top-rated coaches. Add interests to your profile to make this yours.'
      }
      query={recommendedQueryOptions(userId)}
      seeAll="/discover?sort=rating"
      empty="No coaches are listed yet. Check back soon."
    />
  );
}

type CoachListQuery = ReturnType<typeof coachListQueryOptions> | ReturnType<typeof recommendedQueryOptions>;

function CoachSection({
  id,
  tour,
  title,
  description,
  query: options,
  seeAll,
  empty,
}: {
  id: string;
  tour: string;
  title: string;
  description: string;
  query: CoachListQuery;
  seeAll: string;
  empty: ReactNode;
}) {
  // Both option kinds answer { coaches }; the union is narrowed by what the section reads.
  const query = useQuery(options as ReturnType<typeof coachListQueryOptions>);
  const coaches = query.data?.coaches ?? [];
  return (
    <section aria-labelledby={`${id}-title`} data-tour={tour}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-text-muted">{description}</p>
        </div>
        <Link to={seeAll} className={buttonClasses('ghost', 'px-2')}>
          See all
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <CoachGridSkeleton count={3} label={`Loading ${title.toLowerCase()}`} />
        ) : query.isError ? (
          <div
            role="alert"
            className="rounded-[var(--radius-card)] border border-border bg-surface p-4 text-sm"
          >
            <p>
              {query.error instanceof ApiError ? query.error.message : 'We could not load these coaches.'}
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : coaches.length === 0 ? (
          <p className="rounded-[var(--radius-card)] border border-dashed border-border bg-surface p-4 text-sm text-text-muted">
            {empty}
          </p>
        ) : (
          <CoachGrid coaches={coaches} />
        )}
      </div>
    </section>
  );
}
