import type { ChatMessage } from '#contracts/chat';
import { AttachmentView, PendingAttachmentView } from '#web/components/attachment-view';
import type { PendingAttachment } from '#web/lib/attachments';
import { localTimeZone } from '#web/lib/dates';
import { formatTime } from '#web/lib/date-times';

export type Pending = {
  id: string;
  content: string;
  attachment?: PendingAttachment;
  status: 'sending' | 'failed';
  error?: string;
};

export type Row =
  | { kind: 'sent'; id: string; message: ChatMessage; mine: boolean }
  | { kind: 'pending'; id: string; pending: Pending; mine: true };

/** One message (sent, sending or failed with Retry), its sender's name at the start of a run. */
export function MessageRow({
  row,
  firstOfRun,
  senderName,
  seen,
  onRetry,
}: {
  row: Row;
  firstOfRun: boolean;
  senderName: string;
  seen: boolean;
  onRetry: (id: string) => void;
}) {
  const content = row.kind === 'sent' ? row.message.message_content : row.pending.content;
  const failed = row.kind === 'pending' && row.pending.status === 'failed';
  const sentAttachment = row.kind === 'sent' ? row.message.attachment : undefined;
  const pendingAttachment = row.kind === 'pending' ? row.pending.attachment : undefined;
  return (
    <li
      className={`flex flex-col ${row.mine ? 'items-end' : 'items-start'} ${firstOfRun ? 'mt-3 first:mt-0' : ''}`}
      data-testid="chat-message"
      data-mine={row.mine ? 'true' : 'false'}
      data-type={row.kind === 'sent' ? row.message.message_type : (pendingAttachment?.kind ?? 'text')}
    >
      {firstOfRun ? (
        <p className="mb-1 px-1 text-xs font-medium text-text-muted">{senderName}</p>
      ) : (
        <span className="sr-only">{senderName}:</span>
      )}
      {sentAttachment && row.kind === 'sent' && row.message.message_type !== 'text' ? (
        <div className="max-w-[85%] sm:max-w-[75%]">
          <AttachmentView kind={row.message.message_type} attachment={sentAttachment} />
        </div>
      ) : pendingAttachment ? (
        <div
          className={`max-w-[85%] rounded-2xl sm:max-w-[75%] ${failed ? 'ring-2 ring-danger' : 'opacity-75'}`}
        >
          <PendingAttachmentView attachment={pendingAttachment} />
        </div>
      ) : null}
      {content ? (
        <div
          className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[75%] ${
            row.mine
              ? `rounded-br-md bg-primary text-primary-foreground ${row.kind === 'pending' ? 'opacity-75' : ''}`
              : 'rounded-bl-md bg-surface-sunken text-text'
          } ${failed ? 'ring-2 ring-danger' : ''}`}
        >
          {content}
        </div>
      ) : null}
      {failed && row.pending.error ? (
        // Why it was refused (a quota, the type, the size), in the server's words, under the bubble.
        <p className="mt-1 max-w-[85%] px-1 text-xs text-danger sm:max-w-[75%]" data-testid="chat-send-error">
          {row.pending.error}
        </p>
      ) : null}
      <p className="mt-0.5 px-1 text-xs text-text-muted">
        {row.kind === 'sent' ? (
          <>
            <time dateTime={row.message.sent_at}>{formatTime(row.message.sent_at, localTimeZone())}</time>
            {seen ? <span> · Seen</span> : null}
          </>
        ) : failed ? (
          <span className="font-medium text-danger" title={row.pending.error}>
            Not sent —{' '}
            <button
              type="button"
              onClick={() => onRetry(row.id)}
              className="rounded underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              Retry
            </button>
          </span>
        ) : (
          'Sending…'
        )}
      </p>
    </li>
  );
}
