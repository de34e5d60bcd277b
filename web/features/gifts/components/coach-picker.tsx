import { useQuery } from '@tanstack/react-query';
import { Search, SearchX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { CoachCard } from '#contracts/discovery';
import { Avatar } from '#web/components/avatar';
import { Button } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { Spinner } from '#web/components/spinner';
import { TextField } from '#web/components/text-field';
import { formatCents } from '#web/lib/money';
import { coachPickerQueryOptions } from '../api/gifts';

const SEARCH_DEBOUNCE_MS = 300;

const lowestRate = (coach: CoachCard) => Math.min(coach.price_text, coach.price_audio, coach.price_video);

function CoachLine({ coach }: { coach: CoachCard }) {
  return (
    <>
      <Avatar name={coach.full_name} src={coach.avatar_url} size={40} className="size-10 shrink-0 text-sm" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold break-words text-text">{coach.full_name ?? 'Coach'}</span>
        <span className="block truncate text-sm text-text-muted">
          {coach.professional_title ?? coach.coach_tagline ?? 'Coach'}
        </span>
      </span>
    </>
  );
}

/**
 * Choose the coach of a session gift: a search over the listed coaches (GET /api/coaches), best rated
 * first before anything is typed. Once chosen, the coach shows with a Change button.
 */
export function CoachPicker({
  coach,
  onChange,
  error,
}: {
  coach: CoachCard | null;
  onChange: (coach: CoachCard | null) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const resultsId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({ ...coachPickerQueryOptions(q), enabled: coach === null });

  if (coach)
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-text">Coach</p>
        <div className="flex items-center gap-3 rounded-[var(--radius-control)] border border-border bg-surface-sunken/50 p-3">
          <CoachLine coach={coach} />
          <Button variant="ghost" className="shrink-0" onClick={() => onChange(null)}>
            Change<span className="sr-only"> coach</span>
          </Button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-2">
      <TextField
        label="Coach"
        type="search"
        placeholder="Search coaches"
        hint="By name or what they help with, like sleep or stress."
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        aria-controls={resultsId}
        end={
          results.isFetching ? (
            <Spinner className="mr-3 size-4 border-2" />
          ) : (
            <Search aria-hidden="true" className="mr-3 size-4 text-text-muted" />
          )
        }
      />
      <div id={resultsId}>
        <p role="status" className="sr-only">
          {results.isSuccess
            ? `${results.data.coaches.length} ${results.data.coaches.length === 1 ? 'coach' : 'coaches'} found`
            : ''}
        </p>
        {results.isPending ? (
          <ul aria-busy="true" aria-label="Loading coaches" className="flex flex-col gap-2">
            {[0, 1, 2].map((index) => (
              <li
                key={index}
                className="h-16 animate-pulse rounded-[var(--radius-control)] bg-surface-sunken"
              />
            ))}
          </ul>
        ) : results.isError ? (
          <LoadError
            title="Coaches did not load"
            error={results.error}
            onRetry={() => void results.refetch()}
          />
        ) : results.data.coaches.length === 0 ? (
          <p className="flex items-center gap-2 py-3 text-sm text-text-muted">
            <SearchX aria-hidden="true" className="size-4 shrink-0" />
            No coach matches “{q}”. Try a name or a topic such as sleep or stress.
          </p>
        ) : (
          <ul aria-label={q ? `Coaches matching ${q}` : 'Suggested coaches'} className="flex flex-col gap-2">
            {results.data.coaches.map((card) => (
              <li key={card.coach_id}>
                <button
                  type="button"
                  onClick={() => onChange(card)}
                  className="flex w-full items-center gap-3 rounded-[var(--radius-control)] border border-border bg-surface p-3 text-left transition-colors hover:bg-surface-sunken"
                >
                  <CoachLine coach={card} />
                  <span className="shrink-0 text-right text-sm text-text-muted">
                    from{' '}
                    <span className="font-semibold text-text tabular-nums">
                      {formatCents(lowestRate(card))}
                    </span>
                    <span className="block text-xs">per 15 min</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
