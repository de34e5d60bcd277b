import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { LoadingStatus } from '#web/components/loading-status';
import { ApiError } from '#web/lib/api-client';
import { Redirect } from '#web/lib/router';
import { MESSAGES_KEY, startConversation } from '../api/conversations';
import { conversationPath } from './conversation-list';
import { MESSAGES_PATH } from './conversation-view';

/** `/chat?with=<user id>`: a client's coach (a declined or expired request's 'Send Message'). */
export const chatWithPath = (userId: string) => `/chat?with=${encodeURIComponent(userId)}`;

const userIdSchema = z.uuid();

/**
 * `/chat?with=<user id>`: finds or starts the person's conversation with that coach (a client) or
 * client of theirs (a coach) — POST /api/conversations, 200 found or 201 new — and replaces the
 * address with /chat/<conversation id>. The same answer is asked again only by Try again.
 */
export function StartConversation({ userId, role }: { userId: string; role: 'coach' | 'client' }) {
  const queryClient = useQueryClient();
  const valid = userIdSchema.safeParse(userId).success;
  const start = useQuery({
    queryKey: [...MESSAGES_KEY, 'start', role, userId],
    queryFn: () =>
      startConversation(queryClient, role === 'client' ? { coach_id: userId } : { client_id: userId }),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (start.data) return <Redirect to={conversationPath(start.data.id)} />;
  if (valid && !start.isError)
    return <LoadingStatus className="flex-1 py-16">Opening the conversation…</LoadingStatus>;
  // A refusal (they cannot be written to, or the link is wrong) does not change by trying again.
  const refused =
    !valid || (start.error instanceof ApiError && start.error.status > 0 && start.error.status < 500);
  return (
    <div className="flex flex-1 flex-col gap-4 p-4">
      <LoadError
        title="This conversation could not be opened"
        error={valid ? start.error : 'This link does not name someone to write to.'}
        onRetry={refused ? undefined : () => void start.refetch()}
      />
      <Link to={MESSAGES_PATH} className={buttonClasses('secondary', 'self-start')}>
        Back to messages
      </Link>
    </div>
  );
}
