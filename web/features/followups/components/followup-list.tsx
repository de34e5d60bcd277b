import { ExternalLink, NotebookPen } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Followup } from '#contracts/followups';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';

/** Follow-ups, newest first: when, the notes as written (line breaks kept) and the resources as links. */
export function FollowupList({ followups, empty }: { followups: Followup[]; empty: ReactNode }) {
  if (followups.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-[var(--radius-control)] bg-surface-sunken/60 px-4 py-8 text-center text-sm text-text-muted">
        <NotebookPen aria-hidden="true" className="size-7 text-primary" />
        <div className="max-w-md">{empty}</div>
      </div>
    );
  return (
    <ol className="flex flex-col gap-3">
      {followups.map((followup) => (
        <li key={followup.id}>
          <article
            aria-label={`Follow-up of ${formatDateTime(followup.created_at, localTimeZone())}`}
            className="rounded-[var(--radius-control)] border border-border bg-surface p-4 sm:p-5"
          >
            <p className="text-sm text-text-muted">
              {followup.coach_name} ·{' '}
              <time dateTime={followup.created_at}>
                {formatDateTime(followup.created_at, localTimeZone())}
              </time>
            </p>
            <p className="mt-2 break-words whitespace-pre-line">{followup.notes}</p>
            {followup.resources.length > 0 ? (
              <div className="mt-4">
                <h3 className="text-sm font-semibold">Resources</h3>
                <ul className="mt-2 flex flex-col gap-1.5">
                  {followup.resources.map((resource, index) => (
                    <li key={`${index}-${resource.url}`}>
                      <a
                        href={resource.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-[var(--radius-control)] font-medium text-primary underline-offset-2 hover:underline sm:min-h-0"
                      >
                        <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                        <span className="min-w-0 break-words">{resource.title}</span>
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                      <span className="block truncate pl-6 text-xs text-text-muted">{resource.url}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}
