import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#web/components/button';
import {
  EMPTY_DISCOVER_STATE,
  NO_FILTERS,
  readDiscoverState,
  writeDiscoverState,
  type DiscoverState,
} from '../lib/discover-params';
import { CategoryChips, SearchBox, SortSelect } from './discover-controls';
import { DiscoverResults } from './discover-results';
import { FiltersPanel } from './filters-panel';
import { useDocumentTitle } from '#web/lib/use-document-title';

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

  useDocumentTitle('Discover coaches');

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
        <DiscoverResults
          state={state}
          onClear={() =>
            setSearchParams(writeDiscoverState(EMPTY_DISCOVER_STATE), { preventScrollReset: true })
          }
          onClearFilters={() => update(NO_FILTERS)}
        />
      </div>
    </div>
  );
}
