import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Inbox, Mail, MailX, MessageSquare, TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { MailboxMessage } from '#contracts/outbox';
import { mailboxApi } from '#contracts/outbox.api';
import { Button } from '#web/components/button';
import { api } from '#web/lib/api';
import { ApiError } from '#web/lib/api-client';
import { formatDateInViewerLocale, localTimeZone } from '#web/lib/dates';
import { SkeletonAvatarLines, SkeletonBar, SkeletonRows } from '#web/components/loading-skeleton';

/*
 * /dev/mailbox — for the demo configuration only. It shows what Wellspring would have emailed or
 * texted, including the sign-in and reset codes meant for people's inboxes, so the server offers
 * GET /api/dev/mailbox only when no email or SMS provider is configured (MAILBOX_ENABLED) and
 * answers 404 otherwise. Message bodies are rendered as plain text, never as HTML.
 */

const POLL_INTERVAL_MS = 5_000;

const STATUS_LABEL = { pending: 'Not sent', sent: 'Sent', failed: 'Failed' } as const;
const STATUS_CLASSES = {
  pending: 'bg-surface-sunken text-text-muted',
  sent: 'bg-primary-soft text-primary',
  failed: 'bg-accent-soft text-danger',
} as const;

function MessageItem({ message }: { message: MailboxMessage }) {
  const [isOpen, setIsOpen] = useState(false);
  const bodyId = useId();
  const Icon = message.channel === 'email' ? Mail : MessageSquare;
  const title = message.subject?.trim()
    ? message.subject
    : message.channel === 'sms'
      ? 'Text message'
      : '(no subject)';
  return (
    <li className="rounded-[var(--radius-card)] border border-border bg-surface shadow-soft">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={bodyId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full items-start gap-3 rounded-[var(--radius-card)] p-4 text-left hover:bg-surface-sunken/60"
      >
        <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-text">{title}</span>
          <span className="block truncate text-sm text-text-muted">To {message.recipient}</span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <time dateTime={message.created_at} className="text-xs text-text-muted">
            {formatDateInViewerLocale(message.created_at, localTimeZone(), { date: 'medium', time: 'short' })}
          </time>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[message.status]}`}>
            {STATUS_LABEL[message.status]}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`mt-2 size-4 shrink-0 text-text-muted transition-transform ${isOpen ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={bodyId} hidden={!isOpen} className="border-t border-border px-4 pb-4 pt-3">
        {/* Text content only: React escapes it, so markup in a message is shown, never run. */}
        <pre className="whitespace-pre-wrap break-words font-mono text-sm text-text">{message.body_text}</pre>
        <p className="mt-3 text-xs text-text-muted">Template: {message.template}</p>
      </div>
    </li>
  );
}

function LoadingSkeleton() {
  return (
    <SkeletonRows
      label="Loading messages..."
      listClassName="flex flex-col gap-3"
      rowClassName="flex items-start gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-4"
      row={
        <>
          <SkeletonAvatarLines avatarClassName="size-9" titleClassName="w-2/3" />
          <SkeletonBar className="h-3 w-16" />
        </>
      }
    />
  );
}

function Notice({
  icon,
  title,
  children,
  role,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  role?: 'alert';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center rounded-[var(--radius-card)] border border-border bg-surface px-6 py-10 text-center shadow-soft"
    >
      {icon}
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

export function DevMailboxPage() {
  const mailbox = useQuery({
    queryKey: ['dev', 'mailbox'],
    queryFn: ({ signal }) => api(mailboxApi.list, {}, { signal }),
    // New codes should show up while someone waits for one; stop asking once the server said no.
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_INTERVAL_MS),
  });

  let content: ReactNode;
  if (mailbox.isPending) {
    content = <LoadingSkeleton />;
  } else if (mailbox.isError) {
    content =
      mailbox.error instanceof ApiError && mailbox.error.status === 404 ? (
        <Notice
          icon={<MailX aria-hidden="true" className="size-10 text-text-muted" />}
          title="The mailbox is turned off"
        >
          <p className="mt-2 max-w-md text-text-muted">
            This server delivers messages through a real email or SMS provider, so they are not shown here.
          </p>
        </Notice>
      ) : (
        <Notice
          role="alert"
          icon={<TriangleAlert aria-hidden="true" className="size-10 text-accent" />}
          title="Could not load the mailbox"
        >
          <p className="mt-2 max-w-md text-text-muted">
            {mailbox.error instanceof ApiError ? mailbox.error.message : 'Something went wrong.'}
          </p>
          <Button className="mt-6" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
            Try Again
          </Button>
        </Notice>
      );
  } else if (mailbox.data.messages.length === 0) {
    content = (
      <Notice icon={<Inbox aria-hidden="true" className="size-10 text-text-muted" />} title="No messages yet">
        <p className="mt-2 max-w-md text-text-muted">
          Sign-in codes, confirmations and notifications will appear here as soon as Wellspring sends them.
        </p>
      </Notice>
    );
  } else {
    content = (
      <ul aria-label="Messages" className="flex flex-col gap-3">
        {mailbox.data.messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Mailbox</h1>
      <p className="mt-2 text-text-muted">
        Messages Wellspring would have sent. Shown because no email or SMS provider is configured.
      </p>
      <div className="mt-8">{content}</div>
    </div>
  );
}
