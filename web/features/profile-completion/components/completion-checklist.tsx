import { ChevronRight, CircleCheck, Circle, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { PROFILE_COMPLETION_ITEMS } from '#contracts/profiles';
import { Button, buttonClasses } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { useProfileCompletion } from '../api/profile-completion';
import { CHECKLIST_ITEMS, editorLink } from '../lib/checklist-items';

/** The coach home checklist: completion % and each missing item, linking to its editor section. */
export function CompletionChecklist() {
  const completion = useProfileCompletion();

  return (
    <section
      aria-labelledby="checklist-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="checklist-heading" className="text-lg font-semibold">
          Your profile
        </h2>
        {completion.data ? (
          <p className="text-sm text-text-muted">
            <span className="font-semibold text-text tabular-nums">{completion.data.completion}%</span>{' '}
            complete
          </p>
        ) : null}
      </div>

      {completion.isPending ? (
        <div aria-busy="true" aria-label="Loading your checklist" className="mt-4 flex flex-col gap-3">
          <div className="h-2 animate-pulse rounded-full bg-surface-sunken" />
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-12 animate-pulse rounded-[var(--radius-control)] bg-surface-sunken" />
          ))}
        </div>
      ) : completion.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-danger">We could not check your profile. {errorText(completion.error)}</p>
          <Button variant="secondary" onClick={() => void completion.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label="Profile completion"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={completion.data.completion}
            className="mt-4 h-2 overflow-hidden rounded-full bg-surface-sunken"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-500"
              style={{ width: `${completion.data.completion}%` }}
            />
          </div>
          {completion.data.missing.length === 0 ? (
            <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
              <p className="flex items-center gap-2 text-sm">
                <CircleCheck aria-hidden="true" className="size-5 text-success" />
                Your profile is complete. Clients see everything they need.
              </p>
              <Link to="/profile/preview" className={buttonClasses('secondary')}>
                <Eye aria-hidden="true" className="size-4" />
                See it as clients do
              </Link>
            </div>
          ) : (
            <>
              <p className="mt-4 text-sm text-text-muted">
                A complete profile helps clients choose you. Still to do:
              </p>
              <ul className="mt-3 flex flex-col gap-2">
                {PROFILE_COMPLETION_ITEMS.filter((item) => completion.data.missing.includes(item)).map(
                  (item) => {
                    const { label, hint, section } = CHECKLIST_ITEMS[item];
                    return (
                      <li key={item}>
                        <Link
                          to={editorLink(section)}
                          className="flex min-h-11 items-center gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2.5 hover:bg-surface-sunken"
                        >
                          <Circle aria-hidden="true" className="size-5 shrink-0 text-text-muted" />
                          <span className="min-w-0 flex-1">
                            <span className="block text-sm font-medium">{label}</span>
                            <span className="block text-sm text-text-muted">{hint}</span>
                          </span>
                          <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-text-muted" />
                        </Link>
                      </li>
                    );
                  },
                )}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
