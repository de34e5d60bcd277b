import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, MessageCircle, SendHorizontal } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '../../../../contracts/chat';
import { Button } from '../../../components/button';
import { errorText } from '../../../components/form-error';
import { LoadError } from '../../../components/load-error';
import { addToChatLog, markChatRead, raiseChatRead, sendChatMessage } from '../api/chat';
import { useChatLog, type ChatSide } from '../hooks/use-chat-log';

/** Reads are posted at most this often (issue #7: read receipts). */
export const CHAT_READ_THROTTLE_MS = 1_000;
/** The counter shows from this many characters on. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 400;
/** Within this distance of the bottom the list follows new messages. */
const STICK_PX = 48;

type Pending = { id: string; content: string; status: 'sending' | 'failed'; error?: string };

type Row =
  | { kind: 'sent'; id: string; message: ChatMessage; mine: boolean }
  | { kind: 'pending'; id: string; pending: Pending; mine: true };

const timeText = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The chat of a session room (issue #7 point 1): the history, live messages of this session, an
 * optimistic composer (a retry re-sends the same id, so nothing doubles), read receipts ("Seen"), and
 * once the session has ended the transcript stays readable without a composer. No toast on success
 * (SPEC §8).
 */
export function ChatPanel({
  sessionId,
  viewerId,
  mySide,
  names,
  ended,
}: {
  sessionId: string;
  viewerId: string;
  mySide: ChatSide;
  names: { coach: string; client: string };
  ended: boolean;
}) {
  const queryClient = useQueryClient();
  const query = useChatLog(sessionId, viewerId, mySide);
  const otherSide: ChatSide = mySide === 'coach' ? 'client' : 'coach';
  const otherName = names[otherSide];
  const [pending, setPending] = useState<Pending[]>([]);
  const headingId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  /** Whether the list follows new messages (the person is at the bottom, or just sent one). */
  const stickRef = useRef(true);
  const [newBelow, setNewBelow] = useState(false);

  const log = query.data;
  const messages = log?.messages;
  const reads = log?.reads;

  // ---- sending (optimistic; a retry posts the same id)
  const post = useCallback(
    (item: { id: string; content: string }) => {
      sendChatMessage(sessionId, item).then(
        (message) => {
          addToChatLog(queryClient, sessionId, [message]);
          setPending((list) => list.filter((entry) => entry.id !== item.id));
        },
        (error: unknown) =>
          setPending((list) =>
            list.map((entry) =>
              entry.id === item.id ? { ...entry, status: 'failed', error: errorText(error) } : entry,
            ),
          ),
      );
    },
    [queryClient, sessionId],
  );

  const send = (content: string) => {
    const item = { id: crypto.randomUUID(), content };
    setPending((list) => [...list, { ...item, status: 'sending' }]);
    stickRef.current = true;
    post(item);
  };

  const retry = (id: string) => {
    const entry = pending.find((item) => item.id === id);
    if (!entry) return;
    setPending((list) => list.map((item) => (item.id === id ? { ...item, status: 'sending' } : item)));
    post({ id: entry.id, content: entry.content });
  };

  // ---- rows: the confirmed messages by seq, then what is still on its way
  const known = new Set(messages?.map((message) => message.id));
  const rows: Row[] = [
    ...(messages ?? []).map((message): Row => ({
      kind: 'sent',
      id: message.id,
      message,
      mine: message.sender_user_id === viewerId,
    })),
    ...pending
      .filter((item) => !known.has(item.id))
      .map((item): Row => ({ kind: 'pending', id: item.id, pending: item, mine: true })),
  ];
  const lastMine = [...(messages ?? [])].reverse().find((message) => message.sender_user_id === viewerId);
  const seenId = lastMine && reads && reads[otherSide] >= lastMine.seq ? lastMine.id : null;

  // ---- read receipts: the highest seq, when the other party's messages are on screen, at most every 1 s
  const latestSeq = messages?.at(-1)?.seq ?? 0;
  const unreadFromOther = (messages ?? []).some(
    (message) => message.sender_user_id !== viewerId && message.seq > (reads?.[mySide] ?? 0),
  );
  const readState = useRef({
    posted: 0,
    lastAt: -Infinity,
    timer: null as ReturnType<typeof setTimeout> | null,
  });
  const flushRead = useRef<() => void>(() => {});
  useEffect(() => {
    flushRead.current = () => {
      const state = readState.current;
      state.timer = null;
      if (!unreadFromOther || latestSeq <= state.posted || document.visibilityState === 'hidden') return;
      const wait = state.lastAt + CHAT_READ_THROTTLE_MS - Date.now();
      if (wait > 0) {
        state.timer = setTimeout(() => flushRead.current(), wait);
        return;
      }
      const before = state.posted;
      const seq = latestSeq;
      state.posted = seq;
      state.lastAt = Date.now();
      markChatRead(sessionId, seq).then(
        () => raiseChatRead(queryClient, sessionId, mySide, seq),
        () => {
          // Not recorded: try again with the next change or focus.
          if (state.posted === seq) state.posted = before;
        },
      );
    };
    if (unreadFromOther && !readState.current.timer) flushRead.current();
  }, [latestSeq, unreadFromOther, mySide, queryClient, sessionId]);

  useEffect(() => {
    const state = readState.current;
    const onVisible = () => {
      if (!state.timer) flushRead.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
    };
  }, []);

  // ---- scrolling: to the newest on load and when I send; otherwise only when already at the bottom
  const lastRowId = rows.at(-1)?.id;
  const toBottom = () => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    stickRef.current = true;
    setNewBelow(false);
  };
  useLayoutEffect(() => {
    if (!lastRowId) return;
    if (stickRef.current) {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    } else setNewBelow(true);
  }, [lastRowId]);
  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= STICK_PX;
    stickRef.current = atBottom;
    if (atBottom) setNewBelow(false);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex h-[70dvh] min-h-[26rem] flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface shadow-soft lg:h-[min(44rem,calc(100dvh-10rem))]"
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-3 sm:px-5">
        <MessageCircle aria-hidden="true" className="size-5 text-primary" />
        <h2 id={headingId} className="text-lg font-semibold">
          Chat
        </h2>
      </div>

      <div className="relative min-h-0 flex-1">
        {query.isPending ? (
          <div className="p-4" data-testid="chat-loading">
            <p role="status" className="sr-only">
              Loading the messages…
            </p>
            <div aria-hidden="true" className="space-y-3">
              <span className="block h-10 w-2/3 animate-pulse rounded-2xl bg-surface-sunken" />
              <span className="ml-auto block h-10 w-1/2 animate-pulse rounded-2xl bg-surface-sunken" />
            </div>
          </div>
        ) : query.isError && !log ? (
          <div className="p-4">
            <LoadError
              title="The messages did not load"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          </div>
        ) : (
          <div
            ref={listRef}
            role="log"
            aria-live="polite"
            aria-label={`Messages with ${otherName}`}
            tabIndex={0}
            onScroll={onScroll}
            className="h-full overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5"
          >
            {rows.length === 0 ? (
              <p className="flex h-full items-center justify-center px-6 text-center text-sm text-text-muted">
                {ended ? 'No messages were sent in this session.' : 'Say hello — messages appear here.'}
              </p>
            ) : (
              <ol className="flex flex-col gap-1">
                {rows.map((row, index) => {
                  const previous = rows[index - 1];
                  const firstOfRun = !previous || previous.mine !== row.mine;
                  return (
                    <MessageRow
                      key={row.id}
                      row={row}
                      firstOfRun={firstOfRun}
                      senderName={row.mine ? 'You' : otherName}
                      seen={row.id === seenId}
                      onRetry={retry}
                    />
                  );
                })}
              </ol>
            )}
          </div>
        )}
        {newBelow ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
            <Button className="pointer-events-auto min-h-9 rounded-full px-3 py-1.5" onClick={toBottom}>
              <ArrowDown aria-hidden="true" className="size-4" />
              New messages
            </Button>
          </div>
        ) : null}
      </div>

      {ended ? (
        <p className="border-t border-border bg-surface-sunken px-4 py-3 text-center text-sm text-text-muted sm:px-5">
          <span className="font-medium text-text">This session has ended</span> — its messages stay here to
          read.
        </p>
      ) : (
        <Composer otherName={otherName} onSend={send} />
      )}
    </section>
  );
}

function MessageRow({
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
  return (
    <li
      className={`flex flex-col ${row.mine ? 'items-end' : 'items-start'} ${firstOfRun ? 'mt-3 first:mt-0' : ''}`}
      data-testid="chat-message"
      data-mine={row.mine ? 'true' : 'false'}
    >
      {firstOfRun ? (
        <p className="mb-1 px-1 text-xs font-medium text-text-muted">{senderName}</p>
      ) : (
        <span className="sr-only">{senderName}:</span>
      )}
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[75%] ${
          row.mine
            ? `rounded-br-md bg-primary text-primary-foreground ${row.kind === 'pending' ? 'opacity-75' : ''}`
            : 'rounded-bl-md bg-surface-sunken text-text'
        } ${failed ? 'ring-2 ring-danger' : ''}`}
      >
        {content}
      </div>
      <p className="mt-0.5 px-1 text-xs text-text-muted">
        {row.kind === 'sent' ? (
          <>
            <time dateTime={row.message.sent_at}>{timeText.format(new Date(row.message.sent_at))}</time>
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

function Composer({ otherName, onSend }: { otherName: string; onSend: (content: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const trimmed = text.trim();
  const showCounter = text.length >= COUNTER_FROM;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || trimmed.length > CHAT_MESSAGE_MAX) return;
    onSend(trimmed);
    setText('');
  };

  return (
    <form onSubmit={submit} className="border-t border-border p-3 sm:px-5">
      <label htmlFor={id} className="sr-only">
        Message to {otherName}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          value={text}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder="Write a message…"
          aria-describedby={showCounter ? `${id}-count` : `${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-[var(--radius-control)] border border-border bg-surface px-3 py-2.5 text-base text-text placeholder:text-text-muted focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-ring sm:text-sm [field-sizing:content]"
        />
        <Button type="submit" aria-label="Send" disabled={!trimmed} className="size-11 shrink-0 px-0">
          <SendHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-3 px-1 text-xs text-text-muted">
        <span id={`${id}-hint`} className="hidden sm:inline">
          Enter sends · Shift+Enter adds a line
        </span>
        {showCounter ? (
          <span
            id={`${id}-count`}
            className={`ml-auto tabular-nums ${text.length >= CHAT_MESSAGE_MAX ? 'font-medium text-danger' : ''}`}
          >
            {text.length}/{CHAT_MESSAGE_MAX} characters
          </span>
        ) : null}
      </div>
    </form>
  );
}
