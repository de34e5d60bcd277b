import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, CalendarX, Info, MessageSquare, X } from 'lucide-react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  NOTIFICATION_COLORS,
  NOTIFICATION_STACK_SHOWN,
  type Notification,
  type NotificationType,
} from '#contracts/notifications';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { useNow } from '#web/lib/use-now';
import {
  dismissAllNotifications,
  dismissNotification,
  markNotificationRead,
  notificationStackQueryOptions,
} from '../api/notifications';
import { useNotificationAction } from '../hooks/use-notification-action';
import { useNotificationUpdates } from '../hooks/use-notification-updates';

type NotificationLayer = {
  /** The newest undismissed (5 at most, newest first), as the server keeps them. */
  items: Notification[];
  dismiss: (id: string) => void;
  clear: () => void;
  /** Following a notification's action reads it. */
  markRead: (id: string) => void;
};

const NotificationsContext = createContext<NotificationLayer | null>(null);

/**
 * The person's notification stack, fed by the server (GET /api/notifications?view=stack) and kept live
 * by their events: a dismissal here or in another tab takes the card away in every tab.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  useNotificationUpdates();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const stack = useQuery(notificationStackQueryOptions());
  const failed = (error: unknown) =>
    toast({ title: 'The notification is still here', description: errorText(error), variant: 'destructive' });
  const dismiss = useMutation({
    mutationFn: (id: string) => dismissNotification(queryClient, id),
    onError: failed,
  });
  const clear = useMutation({ mutationFn: () => dismissAllNotifications(queryClient), onError: failed });
  const layer: NotificationLayer = {
    items: stack.data?.notifications ?? [],
    dismiss: (id) => dismiss.mutate(id),
    clear: () => clear.mutate(),
    markRead: (id) => void markNotificationRead(queryClient, id).catch(() => undefined),
  };
  return <NotificationsContext.Provider value={layer}>{children}</NotificationsContext.Provider>;
}

/** SPEC §8: using the notification layer outside its provider is an error. */
export function useNotifications(): NotificationLayer {
  const layer = useContext(NotificationsContext);
  if (!layer) throw new Error('useNotifications must be used within the NotificationsProvider');
  return layer;
}

const ICONS: Partial<Record<NotificationType, typeof Info>> = {
  session_rejected: CalendarX,
  session_cancelled: CalendarClock,
  session_accepted: CalendarCheck,
  coach_message: MessageSquare,
};

/** SPEC §9: the type's colour, else the theme's primary. */
const colorOf = (item: Notification) => NOTIFICATION_COLORS[item.type] ?? 'var(--color-primary)';

function NotificationCard({
  item,
  now,
  folded = false,
  className = '',
}: {
  item: Notification;
  now: number;
  /** Behind the first card while collapsed: decoration, its session not read. */
  folded?: boolean;
  className?: string;
}) {
  const { dismiss, markRead } = useNotifications();
  const action = useNotificationAction(item, now, { readSession: !folded });
  const Icon = ICONS[item.type] ?? Info;
  const color = colorOf(item);
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
        style={{ backgroundColor: color }}
      />
      <span
        aria-hidden="true"
        className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full"
        style={{ backgroundColor: `color-mix(in srgb, ${color} 15%, transparent)`, color }}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="pr-6 text-sm font-semibold break-words text-text">
          {item.title}
        </h3>
        <p className="text-xs text-text-muted">
          {item.actor_name ? `${item.actor_name} · ` : null}
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, localTimeZone())}</time>
        </p>
        <p className="mt-1.5 text-sm break-words text-text">{item.message}</p>
        {action ? (
          <Link
            to={action.url}
            onClick={() => {
              if (item.read_at === null) markRead(item.id);
            }}
            className="mt-2 inline-flex min-h-11 items-center rounded-[var(--radius-control)] text-sm font-semibold text-primary underline-offset-2 hover:underline"
          >
            {action.text}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismiss(item.id)}
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
  const { items, clear } = useNotifications();
  const [open, setOpen] = useState(false);
  // Past sessions' 'Join Session' turns into 'View Session' as their end passes.
  const now = useNow(60_000, items.length > 0);
  // With one left there is nothing to expand: it folds by itself.
  const expanded = open && items.length > 1;

  if (items.length === 0) return null;
  const shown = expanded ? items : items.slice(0, NOTIFICATION_STACK_SHOWN);
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
            onClick={() => setOpen((value) => !value)}
            className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface-raised px-3 text-xs font-semibold text-text shadow-soft hover:bg-surface-sunken"
          >
            {expanded ? 'Hide' : `Show All (${items.length})`}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => {
            clear();
            setOpen(false);
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
              <NotificationCard item={item} now={now} />
            </li>
          ))}
        </ul>
      ) : top ? (
        <div className="pointer-events-auto relative w-full" style={{ paddingBottom: behind.length * 8 }}>
          <div className="relative z-10">
            <NotificationCard item={top} now={now} />
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
              <NotificationCard item={item} now={now} folded className="h-full" />
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
