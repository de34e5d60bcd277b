import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './button';
import { LoadError } from './load-error';
import { cardClasses } from './card';

/** Pages about one session (the room, reviews, follow-ups): shared pieces. */

/** The way back into the session: its details and the chat (transcript once it is over). */
export function SessionDetailsLink({ sessionId }: { sessionId: string }) {
  return (
    <Link
      to={`/session/${encodeURIComponent(sessionId)}`}
      className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-2 hover:underline sm:min-h-0"
    >
      <MessagesSquare aria-hidden="true" className="size-4" />
      Session details and chat
    </Link>
  );
}

/** The loading state of a session page: the header's lines, then a tall card and a short one. */
export function SessionPageSkeleton({ testId, mainCardClass }: { testId: string; mainCardClass: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12"
    >
      <div className="space-y-3">
        <span className="block h-4 w-16 animate-pulse rounded bg-surface-sunken" />
        <span className="block h-8 w-2/3 animate-pulse rounded bg-surface-sunken" />
        <span className="block h-4 w-1/2 animate-pulse rounded bg-surface-sunken" />
      </div>
      <div className={`${cardClasses} ${mainCardClass} animate-pulse`} />
      <div className={`${cardClasses} h-32 animate-pulse`} />
    </div>
  );
}

/**
 * A session page that could not load: "This session could not be found" (with why, and no retry) when
 * `missing`, else the error with Try again; then the way home.
 */
export function SessionPageError({
  missing,
  title,
  missingText,
  error,
  onRetry,
  homePath,
}: {
  missing: boolean;
  /** The heading when it is not a missing session, e.g. 'The review did not load'. */
  title: string;
  /** Why it may be missing, for this page. */
  missingText: string;
  error: unknown;
  onRetry: () => void;
  homePath: string;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <LoadError
        as="h1"
        title={missing ? 'This session could not be found' : title}
        error={missing ? missingText : error}
        onRetry={missing ? undefined : onRetry}
      />
      <Link to={homePath} className={buttonClasses('secondary', 'mt-4')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to home
      </Link>
    </div>
  );
}
