import { CalendarX, Info, MessageSquare, X } from 'lucide-react';
import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  createNotificationStore,
  NOTIFICATIONS_SHOWN,
  type AppNotification,
  type NotificationStore,
} from '../lib/notification-store';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';

const NotificationsContext = createContext<NotificationStore | null>(null);

/** The person's notification stack (one store per person, kept in localStorage). */
export function NotificationsProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const store = useMemo(() => createNotificationStore(userId), [userId]);
  return <NotificationsContext.Provider value={store}>{children}</NotificationsContext.Provider>;
}

/** SPEC §8: using the notification layer outside its provider is an error. */
export function useNotifications(): NotificationStore {
  const store = useContext(NotificationsContext);
  if (!store) throw new Error('useNotifications must be used within the NotificationsProvider');
  return store;
}

const ICONS: Record<string, typeof Info> = { 'calendar-x': CalendarX, message: MessageSquare };

function NotificationCard({
  item,
  onDismiss,
  className = '',
}: {
  item: AppNotification;
  onDismiss: (id: string) => void;
  className?: string;
}) {
  const Icon = ICONS[item.icon] ?? Info;
  const titleId = `notification-${item.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="notification-card"
      className={`relative flex gap-3 overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface-raised p-4 pl-5 shadow-soft ${className}`}
    >
      {/* The SPEC §9 colour of the kind, as an edge (text keeps the theme's contrast). */}
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-1.5"
        style={{ backgroundColor: item.color }}
      />
      <span
        aria-hidden="true"
        className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full"
        style={{ backgroundColor: `${item.color}26`, color: item.color }}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="pr-6 text-sm font-semibold text-text">
          {item.title}
        </h3>
        <p className="text-xs text-text-muted">
          {item.coachName} ·{' '}
          <time dateTime={new Date(item.timestamp).toISOString()}>
            {formatDateTime(item.timestamp, localTimeZone())}
          </time>
        </p>
        <p className="mt-1.5 text-sm break-words text-text">{item.message}</p>
        <Link
          to={item.action}
          className="mt-2 inline-flex min-h-11 items-center rounded-[var(--radius-control)] text-sm font-semibold text-primary underline-offset-2 hover:underline"
        >
          {item.actionText}
        </Link>
      </div>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        aria-label={`Dismiss: ${item.title}`}
        className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </article>
  );
}

/**
 * SPEC §4 "Client notification stack": collapsed, the newest card with the next ones (top 3 in all)
 * offset behind it; "Show All (count)" lists every kept one (5 at most, newest first) and "Hide"
 * folds them again; each can be dismissed, or all cleared. A labelled region; the cards behind the
 * first are decoration until expanded (not focusable), so keyboard and screen-reader users meet
 * each card once.
 */
export function NotificationStack() {
  const store = useNotifications();
  const items = useSyncExternalStore(store.subscribe, store.getItems, store.getItems);
  const [open, setOpen] = useState(false);
  // With one left there is nothing to expand: it folds by itself.
  const expanded = open && items.length > 1;
  const setExpanded = setOpen;

  if (items.length === 0) return null;
  const shown = expanded ? items : items.slice(0, NOTIFICATIONS_SHOWN);
  const [top, ...behind] = shown;

  return (
    <section
      aria-label="Session notifications"
      className="pointer-events-none fixed top-[4.5rem] right-3 left-3 z-50 flex flex-col items-end sm:left-auto sm:w-96 sm:right-6"
    >
      <div className="pointer-events-auto flex w-full items-center justify-end gap-1 pb-2">
        {items.length > 1 ? (
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
            className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface-raised px-3 text-xs font-semibold text-text shadow-soft hover:bg-surface-sunken"
          >
            {expanded ? 'Hide' : `Show All (${items.length})`}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => {
            store.clear();
            setExpanded(false);
          }}
          className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface-raised px-3 text-xs font-semibold text-text-muted shadow-soft hover:bg-surface-sunken hover:text-text"
        >
          Clear all
        </button>
      </div>
      {expanded ? (
        <ul className="pointer-events-auto flex max-h-[calc(100dvh-8rem)] w-full flex-col gap-2 overflow-y-auto overscroll-contain pb-1">
          {shown.map((item) => (
            <li key={item.id}>
              <NotificationCard item={item} onDismiss={store.dismiss} />
            </li>
          ))}
        </ul>
      ) : top ? (
        <div className="pointer-events-auto relative w-full" style={{ paddingBottom: behind.length * 8 }}>
          <div className="relative z-10">
            <NotificationCard item={top} onDismiss={store.dismiss} />
          </div>
          {behind.map((item, index) => (
            <div
              key={item.id}
              aria-hidden="true"
              inert
              className="absolute inset-x-0 top-0 motion-safe:transition-transform"
              style={{
                bottom: behind.length * 8,
                transform: `translateY(${(index + 1) * 8}px) scale(${1 - (index + 1) * 0.04})`,
                zIndex: 9 - index,
                opacity: 1 - (index + 1) * 0.2,
              }}
            >
              <NotificationCard item={item} onDismiss={store.dismiss} className="h-full" />
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
