import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { DiscoverySort } from '#contracts/discovery';
import { COACHING_CATEGORIES, type CoachingCategory } from '#domain/coaching/categories';
import { inputClasses } from '#web/components/text-field';
import { categoryCountsQueryOptions } from '../api/discovery';

const SEARCH_DEBOUNCE_MS = 300;

const SORT_LABELS: Record<DiscoverySort, string> = {
  relevance: 'Best match',
  rating: 'Top rated',
  price: 'Lowest price',
  availability: 'Available now first',
};

/** The search field: results follow the typing after a short pause; Enter searches at once. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
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
      <CoachSearchInput
        id="discover-search"
        value={text}
        onChange={setText}
        autoComplete="off"
        placeholder="Try “sleep”, “career change” or a coach’s name"
      />
    </form>
  );
}

/** The "Search coaches" input with its magnifier, named for screen readers (the form around it searches). */
export function CoachSearchInput({
  id,
  value,
  onChange,
  placeholder,
  autoComplete,
  className = '',
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  autoComplete?: 'off';
  className?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search coaches
      </label>
      <div className={`relative ${className}`.trim()}>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-text-muted"
        />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={200}
          autoComplete={autoComplete}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClasses} pl-10`}
        />
      </div>
    </>
  );
}

export function CategoryChips({
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

export function SortSelect({
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
