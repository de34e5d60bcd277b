import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowupsResponse, SendFollowup } from '#contracts/followups';
import { followupsApi } from '#contracts/followups.api';
import { api } from '#web/lib/api';

/**
 * Follow-ups after a session (contracts/followups.ts): the session's follow-ups for
 * either party, and the coach's send (an Idempotency-Key made once per attempt, reused only to retry
 * the same attempt, so a lost answer never sends twice).
 */

export { newIdempotencyKey } from '#web/lib/api';

export const followupsQueryKey = (sessionId: string) => ['followups', sessionId] as const;

/** GET /api/sessions/:id/followups: the session's summary, who is asking, and its follow-ups, newest first. */
export const followupsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: followupsQueryKey(sessionId),
    queryFn: ({ signal }) => api(followupsApi.list, { params: { id: sessionId } }, { signal }),
    staleTime: 0,
  });

/** POST /api/sessions/:id/followups (the coach): the new follow-up goes to the top of the list at once. */
export function useSendFollowup(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: SendFollowup; key: string }) =>
      api(followupsApi.send, { params: { id: sessionId }, body }, { idempotencyKey: key }),
    onSuccess: ({ followup }) =>
      queryClient.setQueryData<FollowupsResponse>(followupsQueryKey(sessionId), (current) =>
        current && !current.followups.some((existing) => existing.id === followup.id)
          ? { ...current, followups: [followup, ...current.followups] }
          : current,
      ),
  });
}
