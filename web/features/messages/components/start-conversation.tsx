import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { INQUIRY_TEXTS, type Conversation } from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { LoadingStatus } from '#web/components/loading-status';
import { ApiError } from '#web/lib/api-client';
import { api } from '#web/lib/api';
import { Redirect } from '#web/lib/router';
import { conversationQueryKey, MESSAGES_KEY, startConversation } from '../api/conversations';
import { conversationPath } from './conversation-list';
import { MESSAGES_PATH } from './conversation-view';

/** `/chat?inquiry=<conversation id>`: the link in the email that brings a visitor the coach's answer. */
export const claimPath = (id: string) => `/chat?inquiry=${encodeURIComponent(id)}`;

const idSchema = z.uuid();

/** The claim's refusal for an address not confirmed yet (the contract's words). */
const isUnconfirmed = (error: ApiError) => error.message === INQUIRY_TEXTS.unconfirmed;

/**
 * A link that names a conversation to open by asking the server first: while it answers, "Opening the
 * conversation…"; then the address becomes /chat/<id>. The same answer is asked again only by Try
 * again, and a refusal (4xx) does not change by trying again. `renderError` may answer a particular
 * refusal itself (null: the general one).
 */
function ConversationOpener({
  id,
  queryKey,
  open,
  invalid,
  renderError,
}: {
  id: string;
  queryKey: QueryKey;
  open: () => Promise<Conversation>;
  /** What an id that is no id says. */
  invalid: string;
  renderError?: (error: Error, retry: () => void) => ReactNode;
}) {
  const valid = idSchema.safeParse(id).success;
  const opened = useQuery({
    queryKey,
    queryFn: open,
    enabled: valid,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (opened.data) return <Redirect to={conversationPath(opened.data.id)} />;
  if (valid && !opened.isError)
    return <LoadingStatus className="flex-1 py-16">Opening the conversation…</LoadingStatus>;
  const retry = () => void opened.refetch();
  const special = opened.error ? renderError?.(opened.error, retry) : null;
  if (special) return special;
  const refused =
    !valid || (opened.error instanceof ApiError && opened.error.status > 0 && opened.error.status < 500);
  return (
    <div className="flex flex-1 flex-col gap-4 p-4">
      <LoadError
        title="This conversation could not be opened"
        error={valid ? opened.error : invalid}
        onRetry={refused ? undefined : retry}
      />
      <Link to={MESSAGES_PATH} className={buttonClasses('secondary', 'self-start')}>
        Back to messages
      </Link>
    </div>
  );
}

/**
 * `/chat?with=<user id>`: finds or starts the person's conversation with that coach (a client) or
 * client of theirs (a coach) — POST /api/conversations, 200 found or 201 new.
 */
export function StartConversation({ userId, role }: { userId: string; role: 'coach' | 'client' }) {
  const queryClient = useQueryClient();
  return (
    <ConversationOpener
      id={userId}
      queryKey={[...MESSAGES_KEY, 'start', role, userId]}
      open={() =>
        startConversation(queryClient, role === 'client' ? { coach_id: userId } : { client_id: userId })
      }
      invalid="This link does not name someone to write to."
    />
  );
}

/**
 * `/chat?inquiry=<conversation id>`, opened signed in: POST /api/conversations/:id/claim makes the
 * visitor's conversation the account's (its confirmed address is the one the visitor wrote from). An
 * unconfirmed address is confirmed right here (`renderEmailConfirmation`: account settings', given by
 * the route), then the claim is tried again; another address is told which to use (the server's words).
 */
export function ClaimConversation({
  conversationId,
  email,
  renderEmailConfirmation,
}: {
  conversationId: string;
  /** The account's address (the one to confirm). */
  email: string | null;
  renderEmailConfirmation: (email: string, onDone: () => void) => ReactNode;
}) {
  const queryClient = useQueryClient();
  return (
    <ConversationOpener
      id={conversationId}
      queryKey={[...MESSAGES_KEY, 'claim', conversationId]}
      open={async () => {
        const { conversation } = await api(messagesApi.claim, { params: { id: conversationId } });
        queryClient.setQueryData(conversationQueryKey(conversation.id), conversation);
        return conversation;
      }}
      invalid="This link does not name a conversation."
      renderError={(error, retry) =>
        error instanceof ApiError && error.status === 403 && email && isUnconfirmed(error) ? (
          <div className="flex flex-col gap-4 p-4">
            <p className="text-sm">
              {`To continue this conversation, confirm ${email} first: we sent a code there when you signed up.`}
            </p>
            {renderEmailConfirmation(email, retry)}
          </div>
        ) : null
      }
    />
  );
}
