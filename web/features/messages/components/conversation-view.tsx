import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageCircle } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  MESSAGE_EVENTS,
  MESSAGE_TEXTS,
  messageSummary,
  SAFETY_TEXTS,
  type Conversation,
  type InquiryMessage,
} from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import { Avatar } from '#web/components/avatar';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { LoadingSkeleton, SkeletonBar } from '#web/components/loading-skeleton';
import { api } from '#web/lib/api';
import { ApiError } from '#web/lib/api-client';
import { useOtherTyping, useTypingNotifier } from '#web/lib/use-typing';
import { conversationQueryOptions } from '../api/conversations';
import { loadEarlierMessages, messageLogQueryOptions } from '../api/messages';
import { useMarkRead } from '../hooks/use-mark-read';
import type { Outbox } from '../hooks/use-outbox';
import { otherPartyOf, readReceiptOf } from '../lib/message-log';
import { ArchiveButton } from './conversation-archive';
import { BlockedNotice, ConversationSafetyMenu, CrisisNote, useBlocked } from './conversation-safety';
import { MessageComposer } from './message-composer';
import { MessageLog, type LogRow } from './message-log';
import { ReportDialog } from './report-dialog';

/** Where the phone's back link goes: the list (the same screen for both roles). */
export const MESSAGES_PATH = '/messages';

/** A conversation's typing events: `conversation.typing` for this conversation. */
const TYPING_EVENT = { type: MESSAGE_EVENTS.typing, scope: 'conversation_id' } as const;

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * One conversation: who it is with (a coach's name opens their page), the history with earlier pages
 * on demand, messages live from the person's topic, read receipts, everything marked read while it is
 * on screen, and the composer. On phones a back link returns to the list.
 */
export function ConversationView({
  conversationId,
  outbox,
  now,
}: {
  conversationId: string;
  outbox: Outbox;
  now: number;
}) {
  const conversation = useQuery(conversationQueryOptions(conversationId));
  // A failed refetch keeps what is shown; only a first load that failed shows the error.
  if (conversation.data === undefined) {
    if (!conversation.isError) return <ConversationSkeleton />;
    return isMissing(conversation.error) ? (
      <ConversationMissing />
    ) : (
      <div className="p-4">
        <BackLink />
        <LoadError
          title="This conversation did not load"
          error={conversation.error}
          onRetry={() => void conversation.refetch()}
        />
      </div>
    );
  }
  return <LoadedConversation conversation={conversation.data} outbox={outbox} now={now} />;
}

function LoadedConversation({
  conversation,
  outbox,
  now,
}: {
  conversation: Conversation;
  outbox: Outbox;
  now: number;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const log = useQuery(messageLogQueryOptions(conversation.id));
  const earlier = useMutation({ mutationFn: () => loadEarlierMessages(queryClient, conversation.id) });
  const other = otherPartyOf(conversation);
  const messages = log.data?.messages ?? [];
  useMarkRead(conversation, messages);
  const blockedByYou = useBlocked(other.user_id);
  const visitor = other.user_id === null;
  const viewerId = (conversation.role === 'coach' ? conversation.coach : conversation.client).user_id ?? '';
  const lastFromOther = messages.findLast((message) => message.sender_type !== conversation.role);
  const otherTyping = useOtherTyping(TYPING_EVENT, conversation.id, viewerId, lastFromOther?.id);
  const typing = useTypingNotifier(
    useCallback(() => api(messagesApi.typing, { params: { id: conversation.id } }), [conversation.id]),
  );
  // The message being reported stays while its dialog closes (its title does not change meanwhile).
  const [report, setReport] = useState<{ message: InquiryMessage | null; open: boolean }>({
    message: null,
    open: false,
  });

  // New messages from the other side after the log first showed are read out (polite live region);
  // the history and earlier pages are not.
  const [baseline, setBaseline] = useState<number | null>(null);
  if (baseline === null && log.data) setBaseline(log.data.messages.at(-1)?.seq ?? 0);
  const incoming =
    baseline === null
      ? undefined
      : messages.findLast((message) => message.sender_type !== conversation.role && message.seq > baseline);

  const known = new Set(messages.map((message) => message.id));
  const outgoing = outbox.items.filter(
    (item) => item.conversationId === conversation.id && !known.has(item.id),
  );
  // A send the server refused because of a block says so in its words above the box.
  const refusal = outgoing.find(
    (item) =>
      item.status === 'failed' &&
      (item.error === SAFETY_TEXTS.blockedByOther || item.error === SAFETY_TEXTS.blockedByYou),
  )?.error;
  const rows: LogRow[] = [
    ...messages.map((message): LogRow => ({
      kind: 'sent',
      id: message.id,
      message,
      mine: message.sender_type === conversation.role,
    })),
    ...outgoing.map((item): LogRow => ({ kind: 'outgoing', id: item.id, outgoing: item, mine: true })),
  ];

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-border px-2 py-2 sm:px-4">
        <BackLink />
        <Avatar name={other.name} src={other.avatar_url} size={40} className="size-10 text-sm" />
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold">
            {conversation.role === 'client' && other.username ? (
              <Link
                to={`/coach/${encodeURIComponent(other.username)}`}
                className="rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {other.name}
              </Link>
            ) : (
              other.name
            )}
          </h2>
          <p className="truncate text-xs text-text-muted">
            {conversation.role === 'client' ? 'Coach' : visitor ? 'Visitor · answers go by email' : 'Client'}
          </p>
        </div>
        <div className="ml-auto flex shrink-0 items-center">
          <ArchiveButton conversation={conversation} />
          <ConversationSafetyMenu conversationId={conversation.id} other={other} />
        </div>
      </header>
      {conversation.role === 'client' ? <CrisisNote /> : null}

      {log.isPending ? (
        <LogSkeleton />
      ) : log.isError && !log.data ? (
        <div className="min-h-0 flex-1 p-4">
          <LoadError title="The messages did not load" error={log.error} onRetry={() => void log.refetch()} />
        </div>
      ) : (
        <MessageLog
          label={`Messages with ${other.name}`}
          rows={rows}
          otherName={other.name}
          readId={readReceiptOf(messages, conversation)}
          now={now}
          hasMore={log.data?.hasMore ?? false}
          loadingEarlier={earlier.isPending}
          earlierError={earlier.error}
          onLoadEarlier={() =>
            earlier.mutateAsync().then(
              () => true,
              () => false,
            )
          }
          onRetry={outbox.retry}
          onReport={(message) => setReport({ message, open: true })}
          empty={
            <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
              <MessageCircle aria-hidden="true" className="size-8 text-primary" />
              <p className="font-semibold">No messages yet</p>
              <p className="max-w-sm text-sm text-text-muted">
                {`Say hello to ${other.name} below. They see your message in their Messages, and you see their answer here.`}
              </p>
            </div>
          }
        />
      )}

      <p aria-live="polite" className="sr-only" data-testid="incoming-announcement">
        {incoming ? `New message from ${other.name}: ${messageSummary(incoming)}` : ''}
      </p>

      {blockedByYou ? (
        <BlockedNotice message={SAFETY_TEXTS.blockedByYou} byYou />
      ) : (
        <>
          {refusal ? (
            <BlockedNotice message={refusal} byYou={refusal === SAFETY_TEXTS.blockedByYou} announce={false} />
          ) : null}
          <MessageComposer
            key={conversation.id}
            recipientName={other.name}
            sending={outgoing.some((item) => item.status === 'sending')}
            onSend={(content) => {
              typing.sent();
              outbox.send(conversation.id, content);
            }}
            typingName={otherTyping ? other.name : null}
            onTyping={typing.typed}
            // A visitor without an account reads answers by email (a preview): words only.
            onFiles={visitor ? undefined : (files) => outbox.sendFiles(conversation.id, files)}
            onVoice={visitor ? undefined : (voice) => outbox.sendVoice(conversation.id, voice)}
          />
        </>
      )}
      <ReportDialog
        conversationId={conversation.id}
        otherName={other.name}
        message={report.message}
        open={report.open}
        onOpenChange={(open) => setReport((held) => ({ ...held, open }))}
      />
    </section>
  );
}

function BackLink() {
  return (
    <Link
      to={MESSAGES_PATH}
      aria-label="Back to messages"
      title="Back to messages"
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text focus-visible:outline-2 focus-visible:outline-ring md:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
    </Link>
  );
}

function ConversationMissing() {
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <h2 className="text-lg font-semibold">{MESSAGE_TEXTS.notFound}</h2>
      <p className="max-w-sm text-sm text-text-muted">
        It may have been moved, or the link is not quite right. Your conversations are all in Messages.
      </p>
      <Link to={MESSAGES_PATH} className={buttonClasses('secondary')}>
        Back to messages
      </Link>
    </div>
  );
}

function ConversationSkeleton() {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <LoadingSkeleton
        label="Loading the conversation…"
        className="flex items-center gap-3 border-b border-border p-3"
      >
        <span className="size-10 shrink-0 rounded-full bg-surface-sunken" />
        <SkeletonBar className="h-4 w-40" />
      </LoadingSkeleton>
      <LogSkeleton />
    </div>
  );
}

function LogSkeleton() {
  return (
    <div className="min-h-0 flex-1 p-4" data-testid="messages-loading">
      <LoadingSkeleton label="Loading the messages…" className="flex flex-col gap-3">
        <SkeletonBar className="h-10 w-2/3 rounded-2xl" />
        <SkeletonBar className="ml-auto h-10 w-1/2 rounded-2xl" />
        <SkeletonBar className="h-14 w-3/5 rounded-2xl" />
      </LoadingSkeleton>
    </div>
  );
}
