import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Archive, Compass, MessageCircle, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageSummary, type Conversation } from '#contracts/messages';
import { Avatar } from '#web/components/avatar';
import { buttonClasses } from '#web/components/button';
import { EmptyState, LoadMore, RetryError } from '#web/components/list-states';
import { SearchField } from '#web/components/search-field';
import { Segmented } from '#web/components/segmented';
import { useDebounced } from '#web/lib/use-debounced';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { localTimeZone } from '#web/lib/dates';
import { conversationsOf, conversationsQueryOptions, type ConversationFilter } from '../api/conversations';
import { formatWhen } from '../lib/format-when';
import { otherPartyOf } from '../lib/message-log';

/** The address of one conversation. */
export const conversationPath = (id: string) => `/chat/${encodeURIComponent(id)}`;

/**
 * The person's conversations, most recent first: the other person's picture and name, the last
 * message on one line, when, and how many are unread; "Load more" for the next page. Empty, it says
 * how conversations start for the person's active role.
 */
export function ConversationList({
  selectedId,
  role,
  now,
}: {
  selectedId: string | undefined;
  /** The active role: what the empty list says. */
  role: 'coach' | 'client';
  now: number;
}) {
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<'inbox' | 'archived'>('inbox');
  const q = useDebounced(search.trim(), 300);
  const filter = { q, archived: shown === 'archived' };
  return (
    <>
      <div className="flex flex-col gap-2 border-b border-border p-3">
        <SearchField
          label="Search conversations by name"
          placeholder="Search by name"
          value={search}
          onChange={setSearch}
          maxLength={100}
        />
        <Segmented
          label="Which conversations"
          size="sm"
          value={shown}
          onChange={setShown}
          options={[
            { value: 'inbox', label: 'Inbox' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
      </div>
      <ConversationRows selectedId={selectedId} role={role} now={now} filter={filter} />
    </>
  );
}

function ConversationRows({
  selectedId,
  role,
  now,
  filter,
}: {
  selectedId: string | undefined;
  role: 'coach' | 'client';
  now: number;
  filter: ConversationFilter;
}) {
  // While a new search loads, the previous answer stays (marked busy) instead of a skeleton.
  const query = useInfiniteQuery({ ...conversationsQueryOptions(filter), placeholderData: keepPreviousData });
  if (query.isPending) return <SkeletonRows label="Loading your conversations…" rows={4} />;
  if (query.isLoadingError)
    return (
      <div className="p-4">
        <RetryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  const conversations = conversationsOf(query.data);
  if (conversations.length === 0 && (filter.q || filter.archived))
    return (
      <div className="p-3">
        <EmptyState
          icon={filter.q ? SearchX : Archive}
          title={filter.q ? 'No conversations match' : 'Nothing archived'}
        >
          {filter.q
            ? `No ${filter.archived ? 'archived ' : ''}conversation is with someone named like “${filter.q}”.`
            : 'Conversations you archive wait here. A new message brings one back to your inbox.'}
        </EmptyState>
      </div>
    );
  if (conversations.length === 0)
    return (
      <div className="p-3">
        {role === 'client' ? (
          <EmptyState
            icon={MessageCircle}
            title="No messages yet"
            action={
              <Link to="/discover" className={buttonClasses('primary')}>
                <Compass aria-hidden="true" className="size-4" />
                Find a coach
              </Link>
            }
          >
            Find a coach you would like to talk to, then choose Message on their page. Your conversations
            appear here.
          </EmptyState>
        ) : (
          <EmptyState icon={MessageCircle} title="No messages yet">
            When clients write to you between sessions, their messages appear here, newest first.
          </EmptyState>
        )}
      </div>
    );
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={query.isPlaceholderData || undefined}>
      <ul className="flex flex-col divide-y divide-border" data-testid="conversation-list">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              selected={conversation.id === selectedId}
              now={now}
            />
          </li>
        ))}
      </ul>
      <LoadMore query={query} className="p-3" />
    </div>
  );
}

/** One line of text for the preview (line breaks become spaces). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function ConversationRow({
  conversation,
  selected,
  now,
}: {
  conversation: Conversation;
  selected: boolean;
  now: number;
}) {
  const other = otherPartyOf(conversation);
  const last = conversation.last_message;
  const at = conversation.last_message_at ?? last?.created_at ?? null;
  const unread = conversation.unread_count;
  const mine = last?.sender_type === conversation.role;
  return (
    <Link
      to={conversationPath(conversation.id)}
      aria-current={selected ? 'page' : undefined}
      className="flex items-center gap-3 px-3 py-3 transition-colors hover:bg-surface-sunken focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-primary-soft sm:px-4"
    >
      <Avatar name={other.name} src={other.avatar_url} size={44} className="size-11 text-sm" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate ${unread > 0 ? 'font-bold' : 'font-semibold'}`}>{other.name}</span>
          {at ? (
            <time dateTime={at} className="shrink-0 text-xs text-text-muted">
              {formatWhen(at, now, localTimeZone())}
            </time>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span
            className={`min-w-0 flex-1 truncate text-sm ${unread > 0 ? 'font-medium text-text' : 'text-text-muted'}`}
          >
            {last ? `${mine ? 'You: ' : ''}${oneLine(messageSummary(last))}` : 'No messages yet'}
          </span>
          {unread > 0 ? (
            <span className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums">
              {unread}
              <span className="sr-only">{unread === 1 ? ' unread message' : ' unread messages'}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
