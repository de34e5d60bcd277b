import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, MessageCircle } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_EVENTS, type ChatMessage } from '#contracts/chat';
import { Button } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { LoadError } from '#web/components/load-error';
import { useAuth } from '#web/lib/auth/use-auth';
import {
  addToChatLog,
  markChatRead,
  postTyping,
  raiseChatRead,
  sendChatMessage,
  uploadChatAttachment,
} from '../api/chat';
import { useChatLog, type ChatSide, type ChatViewerSide } from '../hooks/use-chat-log';
import { useOtherTyping, useTypingNotifier } from '#web/lib/use-typing';
import { attachmentQueryKey, voiceAttachment, type PickedFile } from '#web/lib/attachments';
import type { RecordedVoice } from '#web/lib/use-voice-recorder';
import { Composer } from './chat-composer';
import { MessageRow, type Pending, type Row } from './chat-message-row';

/** The session chat's typing events: `chat.typing` for a session. */
const CHAT_TYPING_EVENT = { type: CHAT_EVENTS.typing, scope: 'session_id' } as const;
/** Reads are posted at most this often (read receipts). */
export const CHAT_READ_THROTTLE_MS = 1_000;
/** Within this distance of the bottom the list follows new messages. */
const STICK_PX = 48;

/** How a guest's messages are signed (a guest account has no name of its own). */
export const GUEST_LABEL = 'Guest';

/** Rows of one sender run together under one name (three people may write: coach, client, guest). */
const senderKey = (row: Row) => (row.mine || row.kind !== 'sent' ? 'me' : row.message.sender_user_id);

/**
 * The chat of a session room: the history, live messages of this session, an
 * optimistic composer (a retry re-sends the same id, so nothing doubles) for text, pictures, files and
 * voice notes, "<Name> is typing…", read receipts ("Seen"), and once the session has ended the
 * transcript stays readable without a composer. No toast on success, for any kind (SPEC §8 suppresses
 * 'Message sent', 'File sent', 'Voice note sent' and the like).
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
  /** 'guest': invited by a guest link; reads and writes, without read receipts or typing hints. */
  mySide: ChatViewerSide;
  names: { coach: string; client: string };
  ended: boolean;
}) {
  const queryClient = useQueryClient();
  const query = useChatLog(sessionId, viewerId, mySide);
  const isGuest = mySide === 'guest';
  const otherSide: ChatSide = mySide === 'coach' ? 'client' : 'coach';
  const otherName = isGuest ? `${names.coach} and ${names.client}` : names[otherSide];
  /** Who wrote a message that is not mine: the coach, the client, or a guest. */
  const nameOf = (message: ChatMessage) =>
    message.sender_type === 'guest' ? GUEST_LABEL : names[message.sender_type];
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
  const { accessToken } = useAuth();
  const typing = useTypingNotifier(useCallback(() => postTyping(sessionId), [sessionId]));
  const post = useCallback(
    (item: Pending) => {
      const attachment = item.attachment;
      const request = attachment
        ? uploadChatAttachment(sessionId, { id: item.id, ...attachment }, { accessToken })
        : sendChatMessage(sessionId, { id: item.id, content: item.content });
      request.then(
        (message) => {
          // The sender's own copy stands in for the download of what they just sent.
          if (attachment && message.attachment)
            queryClient.setQueryData(attachmentQueryKey(message.attachment.url), attachment.file);
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
    [queryClient, sessionId, accessToken],
  );

  const enqueue = (items: Omit<Pending, 'status'>[]) => {
    const entries = items.map((item): Pending => ({ ...item, status: 'sending' }));
    setPending((list) => [...list, ...entries]);
    stickRef.current = true;
    typing.sent();
    for (const entry of entries) post(entry);
  };

  const send = (content: string) => enqueue([{ id: crypto.randomUUID(), content }]);

  const sendFiles = (files: PickedFile[]) =>
    enqueue(
      files.map(({ kind, file }) => ({
        id: crypto.randomUUID(),
        content: '',
        attachment: { kind, file, name: file.name },
      })),
    );

  const sendVoice = (voice: RecordedVoice) =>
    enqueue([{ id: crypto.randomUUID(), content: '', attachment: voiceAttachment(voice) }]);

  const retry = (id: string) => {
    const entry = pending.find((item) => item.id === id);
    if (!entry) return;
    setPending((list) => list.map((item) => (item.id === id ? { ...item, status: 'sending' } : item)));
    post({ ...entry, status: 'sending' });
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
  const lastFromOther = [...(messages ?? [])]
    .reverse()
    .find((message) => message.sender_user_id !== viewerId);
  const otherTyping = useOtherTyping(CHAT_TYPING_EVENT, sessionId, viewerId, lastFromOther?.id);
  const seenId = !isGuest && lastMine && reads && reads[otherSide] >= lastMine.seq ? lastMine.id : null;

  // ---- read receipts: the highest seq, when the other party's messages are on screen, at most every 1 s
  const latestSeq = messages?.at(-1)?.seq ?? 0;
  const unreadFromOther =
    !isGuest &&
    (messages ?? []).some(
      (message) =>
        message.sender_user_id !== viewerId &&
        message.seq > (reads?.[mySide === 'coach' ? 'coach' : 'client'] ?? 0),
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
        () => raiseChatRead(queryClient, sessionId, mySide === 'coach' ? 'coach' : 'client', seq),
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
      className="flex h-[70dvh] min-h-[26rem] flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface shadow-soft lg:h-[min(44rem,calc(100dvh-19rem))]"
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
                  const firstOfRun = !previous || senderKey(previous) !== senderKey(row);
                  return (
                    <MessageRow
                      key={row.id}
                      row={row}
                      firstOfRun={firstOfRun}
                      senderName={row.mine || row.kind !== 'sent' ? 'You' : nameOf(row.message)}
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
        <Composer
          otherName={otherName}
          typingName={otherTyping ? otherName : null}
          onSend={send}
          onFiles={sendFiles}
          onVoice={sendVoice}
          onTyping={typing.typed}
        />
      )}
    </section>
  );
}
