import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, MessagesSquare, NotebookPen, Star } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  SESSION_LIST_PAGE_SIZE,
  SESSION_LIST_RELOAD_DEBOUNCE_MS,
  type ChatSession,
} from '#contracts/sessions';
import { Avatar } from '#web/components/avatar';
import { Button } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { formatCents } from '#web/lib/money';
import { sessionListQueryOptions, type SessionListAs, type SessionListStatus } from '../api/sessions';
import { useNow } from '#web/lib/use-now';
import { useSessionUpdates } from '../hooks/use-session-updates';
import { isOver, minutesText } from '../lib/session-display';
import { SessionStatusBadge } from './session-status-badge';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';

/**
 * A person's sessions (SPEC §4, §7, §9): newest first, 5 per page for coaches and 20 for clients,
 * each row opening /session/{id}. Once a session is over the row opens its details and chat
 * transcript and offers the coach "Follow up" (/follow-up/{id}) and the client
 * "Review" (/review/{id}). A 'chat_session.updated' event reloads the list once things settle
 * (SESSION_LIST_RELOAD_DEBOUNCE_MS after the last event); a resync reloads it at once.
 */
export function SessionList({
  as,
  status,
  title,
  description,
  empty,
}: {
  as: SessionListAs;
  status?: SessionListStatus;
  title: string;
  description?: ReactNode;
  empty: ReactNode;
}) {
  const [page, setPage] = useState(1);
  // Active rows turn "Completed" when their time is up, without a reload.
  const now = useNow(15_000);
  const query = useQuery(sessionListQueryOptions(as, status, page));
  const { refetch } = query;
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useSessionUpdates(
    () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => {
        reloadTimer.current = null;
        void refetch();
      }, SESSION_LIST_RELOAD_DEBOUNCE_MS);
    },
    () => void refetch(),
  );
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  const headingId = `sessions-${as}-${status ?? 'all'}-heading`;
  const pageSize = query.data?.page_size ?? SESSION_LIST_PAGE_SIZE[as];
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / pageSize)) : 1;

  return (
    <section aria-labelledby={headingId} className={`${cardClasses} p-4 sm:p-6`} data-testid={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {query.data && query.data.total > 0 ? (
          <p className="text-sm text-text-muted tabular-nums">
            {query.data.total} {query.data.total === 1 ? 'session' : 'sessions'}
          </p>
        ) : null}
      </div>
      {description ? <p className="mt-1 text-sm text-text-muted">{description}</p> : null}

      <div className="mt-4">
        {query.isPending ? (
          <SessionRowsSkeleton />
        ) : query.isError && !query.data ? (
          <LoadError title="Your sessions did not load" error={query.error} onRetry={() => void refetch()} />
        ) : query.data.total === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-[var(--radius-control)] bg-surface-sunken/60 px-4 py-8 text-center text-sm text-text-muted">
            <MessagesSquare aria-hidden="true" className="size-7 text-primary" />
            <div>{empty}</div>
          </div>
        ) : (
          <>
            <ul className="flex flex-col gap-2" aria-busy={query.isFetching || undefined}>
              {query.data.sessions.map((session) => (
                <li key={session.id}>
                  <SessionRow session={session} as={as} now={now} />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav
                aria-label={`${title} pages`}
                className="mt-4 flex items-center justify-between gap-3 border-t border-border pt-4"
              >
                <Button
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => setPage((current) => Math.max(1, current - 1))}
                >
                  <ChevronLeft aria-hidden="true" className="size-4" />
                  Previous
                </Button>
                <p className="text-sm text-text-muted tabular-nums" aria-live="polite">
                  Page {Math.min(page, pages)} of {pages}
                </p>
                <Button
                  variant="secondary"
                  disabled={page >= pages}
                  onClick={() => setPage((current) => Math.min(pages, current + 1))}
                >
                  Next
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function SessionRow({ session, as, now }: { session: ChatSession; as: SessionListAs; now: number }) {
  const over = isOver(session, now);
  const name = as === 'coach' ? session.client_name : session.coach_name;
  const avatar = as === 'coach' ? null : session.coach_avatar_url;
  const nameId = useId();
  return (
    <div className="rounded-[var(--radius-control)] border border-border bg-surface">
      <Link
        to={`/session/${encodeURIComponent(session.id)}`}
        className={`flex min-h-11 items-start gap-3 p-3 hover:bg-surface-sunken sm:p-4 ${
          over ? 'rounded-t-[var(--radius-control)]' : 'rounded-[var(--radius-control)]'
        }`}
      >
        <Avatar name={name} email={as === 'coach' ? session.client_email : null} src={avatar} size={40} />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-2">
            <span id={nameId} className="min-w-0 truncate font-medium">
              {name}
            </span>
            <SessionStatusBadge over={over} />
          </span>
          <span className="mt-0.5 block text-sm text-text-muted">
            {FORMAT_NOUNS[session.format]} · {minutesText(session.duration_minutes)} ·{' '}
            <time dateTime={session.start_time}>{formatDateTime(session.start_time, localTimeZone())}</time>
          </span>
          {session.client_purpose ? (
            <span className="mt-1 block truncate text-sm">{session.client_purpose}</span>
          ) : null}
          <span className="mt-1 flex flex-wrap gap-x-3 text-sm text-text-muted tabular-nums">
            <span>
              {as === 'coach' ? 'Price' : 'Paid'} {formatCents(session.payment_amount)}
            </span>
            {as === 'coach' && session.earnings !== null ? (
              <span className="font-medium text-success">You earned {formatCents(session.earnings)}</span>
            ) : null}
          </span>
        </span>
      </Link>
      {over ? <AfterSessionActions session={session} as={as} describedBy={nameId} /> : null}
    </div>
  );
}

/**
 * After a session: the row itself opens its details and transcript; the
 * coach can follow up with notes and resources, the client can review it. The link is described by
 * the row's name (whose session it is) for screen readers.
 */
function AfterSessionActions({
  session,
  as,
  describedBy,
}: {
  session: ChatSession;
  as: SessionListAs;
  describedBy: string;
}) {
  const id = encodeURIComponent(session.id);
  const action =
    as === 'coach'
      ? { to: `/follow-up/${id}`, icon: NotebookPen, label: 'Follow up' }
      : { to: `/review/${id}`, icon: Star, label: 'Review' };
  const Icon = action.icon;
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-border px-3 py-1.5 sm:pl-[4.25rem]">
      <Link
        to={action.to}
        aria-describedby={describedBy}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-[var(--radius-control)] px-2 text-sm font-semibold text-primary hover:bg-surface-sunken"
      >
        <Icon aria-hidden="true" className="size-4" />
        {action.label}
      </Link>
    </div>
  );
}

function SessionRowsSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2" data-testid="sessions-loading">
      {[0, 1, 2].map((key) => (
        <li
          key={key}
          className="flex items-start gap-3 rounded-[var(--radius-control)] border border-border p-3 sm:p-4"
        >
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-surface-sunken" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-1/3 animate-pulse rounded bg-surface-sunken" />
            <span className="block h-3 w-2/3 animate-pulse rounded bg-surface-sunken" />
            <span className="block h-3 w-1/4 animate-pulse rounded bg-surface-sunken" />
          </span>
        </li>
      ))}
    </ul>
  );
}
