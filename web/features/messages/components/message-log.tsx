import { Flag, History, RotateCcw } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { InquiryMessage } from '#contracts/messages';
import { AttachmentView, PendingAttachmentView } from '#web/components/attachment-view';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { localTimeZone } from '#web/lib/dates';
import type { Outgoing } from '../hooks/use-outbox';
import { formatMessageTime } from '../lib/format-when';

/** Within this distance of the bottom the log follows new messages. */
const STICK_PX = 64;

export type LogRow =
  | { kind: 'sent'; id: string; message: InquiryMessage; mine: boolean }
  | { kind: 'outgoing'; id: string; outgoing: Outgoing; mine: true };

/**
 * A conversation's messages as a list, oldest first, in a scrolling region: "Load earlier messages" at
 * the top keeps what is on screen in place while older ones are put above; the log follows new
 * messages while the person is at the bottom (and always after they send one). "Read" under the
 * caller's last message once the other side has read it; "Sending…" and "Not sent · Retry" under
 * messages on their way. Pictures, files and voice notes show as in the session chat
 * (web/components/attachment-view.tsx).
 */
export function MessageLog({
  label,
  rows,
  otherName,
  readId,
  now,
  hasMore,
  loadingEarlier,
  earlierError,
  onLoadEarlier,
  onRetry,
  onReport,
  empty,
}: {
  label: string;
  rows: LogRow[];
  otherName: string;
  /** The caller's message the other side has read up to (shows "Read"). */
  readId: string | null;
  now: number;
  hasMore: boolean;
  loadingEarlier: boolean;
  earlierError: unknown;
  /** Answers whether the earlier page arrived. */
  onLoadEarlier: () => Promise<boolean>;
  onRetry: (id: string) => void;
  /** Reporting one of the other side's messages (a button beside its time), when offered. */
  onReport?: (message: InquiryMessage) => void;
  empty: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  /** Whether the log follows new messages (the person is at the bottom). */
  const stick = useRef(true);
  /** Distance from the bottom to keep while earlier messages are put above. */
  const keepFromBottom = useRef<number | null>(null);
  const last = rows.at(-1);
  const lastId = last?.id;
  const lastMine = last?.mine ?? false;
  /** A failed send grows its row (the reason, Retry): followed like a new message. */
  const lastStatus = last?.kind === 'outgoing' ? last.outgoing.status : 'sent';
  const firstId = rows[0]?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !lastId) return;
    if (stick.current || lastMine) {
      element.scrollTop = element.scrollHeight;
      stick.current = true;
    }
  }, [lastId, lastMine, lastStatus]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || keepFromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
    // Nothing more above: the button that had the focus is gone, so the log it was in takes it.
    if (!element.contains(document.activeElement)) element.focus({ preventScroll: true });
  }, [firstId]);

  // The box below grows with its text (and phones' keyboards shrink the page): stay at the bottom.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const loadEarlier = () => {
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void onLoadEarlier().then((loaded) => {
      if (!loaded) keepFromBottom.current = null;
    });
  };

  return (
    <div
      ref={scroller}
      role="region"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        stick.current = element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_PX;
      }}
      // A picture grows its row once it has loaded (the placeholder is smaller): stay at the bottom.
      onLoadCapture={(event) => {
        if (stick.current) event.currentTarget.scrollTop = event.currentTarget.scrollHeight;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4"
    >
      {hasMore ? (
        <div className="mb-4 flex flex-col items-center gap-2">
          <Button variant="secondary" busy={loadingEarlier} onClick={loadEarlier}>
            <History aria-hidden="true" className="size-4" />
            Load earlier messages
          </Button>
          {earlierError ? <FormError error={earlierError} /> : null}
        </div>
      ) : null}
      {rows.length === 0 ? (
        empty
      ) : (
        <ol className="flex flex-col gap-3" data-testid="message-log">
          {rows.map((row) => (
            <MessageRow
              key={row.id}
              row={row}
              sender={row.mine ? 'You' : otherName}
              read={row.id === readId}
              now={now}
              onRetry={onRetry}
              onReport={onReport}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageRow({
  row,
  sender,
  read,
  now,
  onRetry,
  onReport,
}: {
  row: LogRow;
  sender: string;
  read: boolean;
  now: number;
  onRetry: (id: string) => void;
  onReport?: (message: InquiryMessage) => void;
}) {
  const content = row.kind === 'sent' ? row.message.content : row.outgoing.content;
  const failed = row.kind === 'outgoing' && row.outgoing.status === 'failed';
  const at = row.kind === 'sent' ? row.message.created_at : row.outgoing.createdAt;
  const sent = row.kind === 'sent' ? row.message : undefined;
  const outgoingAttachment = row.kind === 'outgoing' ? row.outgoing.attachment : undefined;
  return (
    <li
      className={`flex flex-col ${row.mine ? 'items-end' : 'items-start'}`}
      data-testid="message"
      data-status={row.kind === 'sent' ? 'sent' : row.outgoing.status}
      data-type={sent?.type ?? outgoingAttachment?.kind ?? 'text'}
    >
      <span className="sr-only">{`${sender}:`}</span>
      {/* A picture inline, a file to download (name, size), a voice note to play: the session chat's. */}
      {sent && sent.type !== 'text' && sent.attachment ? (
        <div className="max-w-[85%] sm:max-w-[75%]">
          <AttachmentView kind={sent.type} attachment={sent.attachment} />
        </div>
      ) : outgoingAttachment ? (
        <div
          className={`max-w-[85%] rounded-2xl sm:max-w-[75%] ${failed ? 'ring-2 ring-danger ring-offset-1 ring-offset-surface' : 'opacity-80'}`}
        >
          <PendingAttachmentView attachment={outgoingAttachment} />
        </div>
      ) : null}
      {content ? (
        <p
          className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap sm:max-w-[75%] ${
            row.mine
              ? 'rounded-br-md bg-primary text-primary-foreground'
              : 'rounded-bl-md border border-border bg-surface-raised text-text'
          } ${row.kind === 'outgoing' && !failed ? 'opacity-80' : ''} ${failed ? 'ring-2 ring-danger ring-offset-1 ring-offset-surface' : ''}`}
        >
          {content}
        </p>
      ) : null}
      <p
        className={`mt-1 max-w-[85%] px-1 text-xs text-text-muted sm:max-w-[75%] ${row.mine ? 'text-right' : ''}`}
      >
        {row.kind === 'sent' ? (
          <>
            <time dateTime={at}>{formatMessageTime(at, now, localTimeZone())}</time>
            {read ? <span className="font-medium"> · Read</span> : null}
            {onReport && !row.mine ? (
              <button
                type="button"
                onClick={() => onReport(row.message)}
                aria-label={`Report this message from ${sender}`}
                title="Report this message"
                className="ml-1 inline-flex size-8 items-center justify-center rounded-[var(--radius-control)] align-middle text-text-muted hover:bg-surface-sunken hover:text-text focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Flag aria-hidden="true" className="size-3.5" />
              </button>
            ) : null}
          </>
        ) : failed ? (
          <span className="font-medium text-danger">
            {`Not sent${row.outgoing.error ? ` · ${row.outgoing.error}` : ''}`}
          </span>
        ) : (
          'Sending…'
        )}
      </p>
      {failed ? (
        <Button
          variant="secondary"
          onClick={() => onRetry(row.id)}
          aria-label="Retry sending this message"
          className="mt-1 min-h-9 px-3 py-1"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      ) : null}
    </li>
  );
}
