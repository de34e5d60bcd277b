import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { BellOff, Check, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { NOTIFICATION_COLORS, type Notification } from '#contracts/notifications';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { EmptyState, LoadMore, RetryError } from '#web/components/list-states';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { localTimeZone } from '#web/lib/dates';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationsOf,
  notificationsQueryOptions,
  unreadCountOf,
} from '../api/notifications';
import { useNotificationAction } from '../hooks/use-notification-action';
import { useNotificationUpdates } from '../hooks/use-notification-updates';
import { useNow } from '#web/lib/use-now';
import { timeAgo } from '../lib/time-ago';

/** SPEC §9: the type's colour, else the theme's primary. */
const colorOf = (notification: Notification) =>
  NOTIFICATION_COLORS[notification.type] ?? 'var(--color-primary)';

const itemId = (id: string) => `notification-${id}`;

/**
 * SPEC §2 /notifications (every role): the person's notifications, newest first, kept on the server.
 * Unread ones are bold (and say "Unread" to screen readers); each can be marked read, or all at once;
 * following a notification's action marks it read too. "Load more" reads the next keyset page; new
 * ones and reads from other tabs arrive live (useNotificationUpdates).
 */
export function NotificationsScreen() {
  useNotificationUpdates();
  const queryClient = useQueryClient();
  const now = useNow(30_000); // relative times move on
  const query = useInfiniteQuery(notificationsQueryOptions());
  const unread = unreadCountOf(query.data);
  const markOne = useMutation({
    mutationFn: (id: string) => markNotificationRead(queryClient, id),
    onSuccess: (notification) => {
      // Its button is gone: the notification itself keeps the focus where the person was.
      document.getElementById(itemId(notification.id))?.focus();
    },
  });
  const markAll = useMutation({ mutationFn: () => markAllNotificationsRead(queryClient) });
  const notifications = notificationsOf(query.data);

  let body;
  if (query.isPending) body = <SkeletonRows label="Loading your notifications…" rows={4} />;
  else if (query.isLoadingError)
    body = <RetryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (notifications.length === 0)
    body = (
      <EmptyState icon={BellOff} title="You're all caught up" as="h2">
        Updates about your session requests, sessions and messages will appear here.
      </EmptyState>
    );
  else
    body = (
      <>
        <ul
          aria-label="Notifications, newest first"
          data-testid="notification-list"
          className="flex flex-col divide-y divide-border overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface shadow-soft"
        >
          {notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationRow
                notification={notification}
                now={now}
                marking={markOne.isPending && markOne.variables === notification.id}
                onMarkRead={() => markOne.mutate(notification.id)}
              />
            </li>
          ))}
        </ul>
        <LoadMore query={query} className="mt-4" />
      </>
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-sm text-text-muted" aria-live="polite">
            {query.isSuccess
              ? unread === 0
                ? 'Nothing unread.'
                : `${unread} unread`
              : 'Updates about your requests, sessions and messages.'}
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={unread === 0}
          busy={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark all as read
        </Button>
      </div>
      {markOne.isError || markAll.isError ? (
        <div className="mt-4">
          <FormError error={markAll.error ?? markOne.error} />
        </div>
      ) : null}
      <div className="mt-6">{body}</div>
    </div>
  );
}

function NotificationRow({
  notification,
  now,
  marking,
  onMarkRead,
}: {
  notification: Notification;
  now: number;
  marking: boolean;
  onMarkRead: () => void;
}) {
  const unread = notification.read_at === null;
  const titleId = `${itemId(notification.id)}-title`;
  const color = colorOf(notification);
  // An accepted request's 'Join Session' reads 'View Session' once that session is over.
  const action = useNotificationAction(notification, now);
  return (
    <article
      id={itemId(notification.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="notification"
      data-unread={unread ? 'true' : undefined}
      className={`relative flex gap-3 p-4 pl-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:gap-4 ${unread ? 'bg-primary-soft/40' : ''}`}
    >
      {/* The SPEC §9 colour of its type, as an edge and a dot (the text keeps the theme's contrast). */}
      <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1" style={{ backgroundColor: color }} />
      <span
        aria-hidden="true"
        className="mt-1.5 size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: color }}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <h2
            id={titleId}
            className={`min-w-0 text-sm break-words ${unread ? 'font-bold text-text' : 'font-medium text-text'}`}
          >
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.title}
          </h2>
          <time dateTime={notification.created_at} className="shrink-0 text-xs text-text-muted">
            {timeAgo(notification.created_at, now, localTimeZone())}
          </time>
        </div>
        <p className={`mt-1 text-sm break-words ${unread ? 'text-text' : 'text-text-muted'}`}>
          {notification.message}
        </p>
        {action || unread ? (
          <div className="mt-1 flex flex-wrap items-center gap-x-4">
            {action ? (
              <Link
                to={action.url}
                onClick={() => {
                  if (unread) onMarkRead();
                }}
                className="inline-flex min-h-11 items-center rounded-[var(--radius-control)] text-sm font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {action.text}
              </Link>
            ) : null}
            {unread ? (
              <button
                type="button"
                onClick={onMarkRead}
                disabled={marking}
                aria-label={`Mark as read: ${notification.title}`}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-[var(--radius-control)] text-sm font-medium text-text-muted hover:text-text focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
              >
                <Check aria-hidden="true" className="size-4" />
                Mark as read
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
