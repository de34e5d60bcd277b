import { useInfiniteQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useId } from 'react';
import { conversationsOf, conversationsQueryOptions } from '../api/conversations';
import { useMessageUpdates } from '../hooks/use-message-updates';
import { useNow } from '#web/lib/use-now';
import { useOutbox } from '../hooks/use-outbox';
import { SEND_RETRY_DELAYS_MS } from '../lib/send-with-retry';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';

const pane =
  'min-h-0 flex-col overflow-hidden border-border bg-surface md:rounded-[var(--radius-card)] md:border md:shadow-soft';

/**
 * Messages between sessions: the conversations on the left and the open one on the right from the
 * `md` breakpoint; on phones the list, then the conversation alone with a way back. Without an open
 * conversation the right side says to choose one (or, with none yet, where they will open).
 */
export function MessagesScreen({
  conversationId,
  role,
  retryDelaysMs = SEND_RETRY_DELAYS_MS,
}: {
  /** The open conversation (/chat/:id), if any. */
  conversationId: string | undefined;
  /** The person's active role (what an empty list says). */
  role: 'coach' | 'client';
  /** Waits before the automatic retries of a failed send (tests shorten them). */
  retryDelaysMs?: readonly number[];
}) {
  useMessageUpdates();
  const outbox = useOutbox(retryDelaysMs);
  const now = useNow(30_000); // relative times move on
  const listHeadingId = useId();
  const open = conversationId !== undefined;
  // The list's own query (cached): what the empty right side says.
  const hasConversations = conversationsOf(useInfiniteQuery(conversationsQueryOptions()).data).length > 0;
  return (
    <div className="mx-auto flex h-[calc(100dvh-9rem)] min-h-[30rem] w-full max-w-6xl flex-col md:px-6 md:py-6 lg:h-[calc(100dvh-4rem)]">
      <h1
        className={`px-4 pt-4 pb-3 text-2xl font-semibold tracking-tight md:px-0 md:pt-0 md:pb-4 ${open ? 'sr-only md:not-sr-only' : ''}`}
      >
        Messages
      </h1>
      <div className="grid min-h-0 flex-1 md:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)] md:gap-4">
        <section
          aria-labelledby={listHeadingId}
          className={`${pane} ${open ? 'hidden md:flex' : 'flex border-t'}`}
        >
          <h2 id={listHeadingId} className="sr-only">
            Conversations
          </h2>
          <ConversationList selectedId={conversationId} role={role} now={now} />
        </section>
        <div className={`${pane} ${open ? 'flex border-t' : 'hidden md:flex'}`}>
          {open ? (
            <ConversationView
              key={conversationId}
              conversationId={conversationId}
              outbox={outbox}
              now={now}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
              <MessagesSquare aria-hidden="true" className="size-10 text-primary" />
              {hasConversations ? (
                <>
                  <h2 className="text-lg font-semibold">Choose a conversation</h2>
                  <p className="max-w-sm text-sm text-text-muted">
                    Pick one on the left to read it and answer.
                  </p>
                </>
              ) : (
                <p className="max-w-sm text-sm text-text-muted">Your conversations will open here.</p>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
