import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { DiscoverySort } from '../../../../contracts/discovery';
import {
  COACHING_CATEGORIES,
  SESSION_FORMATS,
  type CoachingCategory,
} from '../../../../domain/coaching/categories';
import { LoadError } from '../../../components/load-error';
import { Button, buttonClasses } from '../../../components/button';
import { Switch } from '../../../components/switch';
import { inputClasses } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { categoryCountsQueryOptions, coachSearchQueryOptions } from '../api/discovery';
import {
  EMPTY_DISCOVER_STATE,
  hasFilters,
  RATING_CHOICES,
  readDiscoverState,
  toSearchQuery,
  writeDiscoverState,
  type DiscoverState,
} from '../lib/discover-params';
import { CARD_GRID, CoachCard, CoachCardSkeleton } from './coach-card';
import { FORMAT_NOUNS } from '../../../../domain/coaching/format-labels';

const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 24;

const SORT_LABELS: Record<DiscoverySort, string> = {
  relevance: 'Best match',
  rating: 'Top rated',
  price: 'Lowest price',
  availability: 'Available now first',
};

/** /discover: search, category chips, filters, sort and a growing list of coach cards (state in the URL). */
export function DiscoverScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readDiscoverState(searchParams);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  // Filter changes are history entries (back undoes them); typing replaces the current entry.
  const update = (changes: Partial<DiscoverState>, options: { replace?: boolean } = {}) =>
    setSearchParams(writeDiscoverState({ ...state, ...changes }), {
      replace: options.replace ?? false,
      preventScrollReset: true,
    });

  useEffect(() => {
    document.title = 'Discover coaches · Wellspring';
    return () => {
      document.title = 'Wellspring';
    };
  }, []);

  const activeFilters = [
    state.category,
    state.format,
    state.minDollars ?? state.maxDollars,
    state.online || null,
    state.minRating,
  ].filter((value) => value !== null && value !== undefined).length;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Discover coaches</h1>
      <p className="mt-2 max-w-2xl text-text-muted">
        Search by name, focus or what you need help with, then narrow it down.
      </p>

      <SearchBox value={state.q} onSearch={(q) => update({ q }, { replace: true })} />
      <CategoryChips selected={state.category} onSelect={(category) => update({ category })} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="secondary"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
        </Button>
        <SortSelect
          value={state.sort ?? (state.q.trim() ? 'relevance' : 'rating')}
          withRelevance={state.q.trim() !== ''}
          onChange={(sort) => update({ sort })}
        />
      </div>

      <div className="mt-4 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside
          id={filtersId}
          aria-label="Filters"
          className={`${filtersOpen ? 'block' : 'hidden'} self-start rounded-[var(--radius-card)] border border-border bg-surface p-4 lg:block`}
        >
          <FiltersPanel state={state} onChange={update} />
        </aside>
        <Results
          state={state}
          onClear={() =>
            setSearchParams(writeDiscoverState(EMPTY_DISCOVER_STATE), { preventScrollReset: true })
          }
          onClearFilters={() =>
            update({
              category: null,
              format: null,
              minDollars: null,
              maxDollars: null,
              online: false,
              minRating: null,
            })
          }
        />
      </div>
    </div>
  );
}

/** The search field: results follow the typing after a short pause; Enter searches at once. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  // Back/forward or a cleared search change the URL: the field follows it (adjusted during render).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" onSubmit={submit} className="mt-6" data-tour="search-coaches">
      <label htmlFor="discover-search" className="sr-only">
        Search coaches
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-text-muted"
        />
        <input
          id="discover-search"
          type="search"
          value={text}
          maxLength={200}
          autoComplete="off"
          placeholder="Try “sleep”, “career change” or a coach’s name"
          onChange={(event) => setText(event.target.value)}
          className={`${inputClasses} pl-10 text-base`}
        />
      </div>
    </form>
  );
}

function CategoryChips({
  selected,
  onSelect,
}: {
  selected: CoachingCategory | null;
  onSelect: (category: CoachingCategory | null) => void;
}) {
  const counts = useQuery(categoryCountsQueryOptions());
  const countOf = new Map(counts.data?.categories.map((category) => [category.slug, category.coaches]));
  return (
    <div className="mt-4" data-tour="categories">
      <h2 className="sr-only">Categories</h2>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0">
        {COACHING_CATEGORIES.map((category) => {
          const active = selected === category.slug;
          const count = countOf.get(category.slug);
          return (
            <li key={category.slug} className="shrink-0">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(active ? null : category.slug)}
                className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring ${
                  active
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-surface text-text hover:bg-surface-sunken'
                }`}
              >
                {category.label}
                {count !== undefined ? (
                  <span
                    className={`tabular-nums ${active ? 'text-primary-foreground/80' : 'text-text-muted'}`}
                  >
                    {count.toLocaleString()}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SortSelect({
  value,
  withRelevance,
  onChange,
}: {
  value: DiscoverySort;
  withRelevance: boolean;
  onChange: (sort: DiscoverySort) => void;
}) {
  return (
    <div className="ml-auto flex items-center gap-2">
      <label htmlFor="discover-sort" className="text-sm font-medium whitespace-nowrap text-text-muted">
        Sort by
      </label>
      <select
        id="discover-sort"
        value={value}
        onChange={(event) => onChange(event.target.value as DiscoverySort)}
        className={`${inputClasses} w-auto`}
      >
        {(Object.keys(SORT_LABELS) as DiscoverySort[])
          .filter((sort) => withRelevance || sort !== 'relevance')
          .map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
      </select>
    </div>
  );
}

function FiltersPanel({
  state,
  onChange,
}: {
  state: DiscoverState;
  onChange: (changes: Partial<DiscoverState>) => void;
}) {
  const [min, setMin] = useState(state.minDollars?.toString() ?? '');
  const [max, setMax] = useState(state.maxDollars?.toString() ?? '');
  // The URL changed (back/forward, clear filters): the fields follow it.
  const [seen, setSeen] = useState([state.minDollars, state.maxDollars]);
  if (seen[0] !== state.minDollars || seen[1] !== state.maxDollars) {
    setSeen([state.minDollars, state.maxDollars]);
    setMin(state.minDollars?.toString() ?? '');
    setMax(state.maxDollars?.toString() ?? '');
  }
  const toDollars = (text: string) => {
    const parsed = Number.parseInt(text, 10);
    return text.trim() === '' || !Number.isFinite(parsed) || parsed < 0 ? null : parsed;
  };
  const applyPrices = () => {
    const minDollars = toDollars(min);
    const maxDollars = toDollars(max);
    if (minDollars !== state.minDollars || maxDollars !== state.maxDollars)
      onChange({ minDollars, maxDollars });
  };

  return (
    <div className="flex flex-col gap-5">
      <h2 className="text-base font-semibold">Filters</h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="discover-format" className="text-sm font-medium">
          Session format
        </label>
        <select
          id="discover-format"
          value={state.format ?? ''}
          aria-describedby="discover-format-hint"
          onChange={(event) => {
            const format = SESSION_FORMATS.find((candidate) => candidate === event.target.value) ?? null;
            onChange({ format });
          }}
          className={inputClasses}
        >
          <option value="">Any format</option>
          {SESSION_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_NOUNS[format]}
            </option>
          ))}
        </select>
        <p id="discover-format-hint" className="text-xs text-text-muted">
          Every coach offers all three; this sets which price the range and sort use.
        </p>
      </div>

      <form
        className="flex flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          applyPrices();
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium">Price per 15 minutes</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2">
            {(
              [
                ['Minimum', 'discover-min', min, setMin],
                ['Maximum', 'discover-max', max, setMax],
              ] as const
            ).map(([label, id, value, set]) => (
              <div key={id}>
                <label htmlFor={id} className="text-xs text-text-muted">
                  {label} ($)
                </label>
                <input
                  id={id}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  value={value}
                  placeholder={label === 'Minimum' ? '0' : 'Any'}
                  onChange={(event) => set(event.target.value.replace(/[^\d]/g, '').slice(0, 6))}
                  onBlur={applyPrices}
                  className={inputClasses}
                />
              </div>
            ))}
          </div>
        </fieldset>
        {/* Enter applies; a visible button for people who do not blur. */}
        <Button type="submit" variant="ghost" className="self-start px-2">
          Apply price
        </Button>
      </form>

      <div className="-my-3">
        <Switch
          label="Online now"
          hint="Coaches ready for a session right away."
          checked={state.online}
          onChange={(online) => onChange({ online })}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor="discover-rating" className="text-sm font-medium">
          Minimum rating
        </label>
        <select
          id="discover-rating"
          value={state.minRating?.toString() ?? ''}
          onChange={(event) =>
            onChange({ minRating: event.target.value ? Number(event.target.value) : null })
          }
          className={inputClasses}
        >
          <option value="">Any rating</option>
          {RATING_CHOICES.map((rating) => (
            <option key={rating} value={rating}>
              {rating}+ stars
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Results({
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
        <ul className={CARD_GRID}>
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index}>
              <CoachCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );

  if (query.isError && coaches.length === 0)
    return (
      <LoadError title="We could not load coaches" error={query.error} onRetry={() => void query.refetch()} />
    );

  if (coaches.length === 0)
    return (
      <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-border bg-surface px-6 py-12 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <SearchX aria-hidden="true" className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">No coaches match</h2>
        <p className="mt-2 max-w-md text-sm text-text-muted">
          {state.q.trim()
            ? `Nobody matches “${state.q.trim()}”${hasFilters(state) ? ' with these filters' : ''}. Try fewer words or clear the filters.`
            : 'Nobody matches these filters right now. Widen the price range or clear the filters.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
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
        </div>
      </div>
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
      <ul className={CARD_GRID}>
        {coaches.map((coach) => (
          <li key={coach.coach_id}>
            <CoachCard coach={coach} />
          </li>
        ))}
      </ul>
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
