import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoritesResponse, FollowState } from '#contracts/favorites';
import { favoritesApi } from '#contracts/favorites.api';
import { useToast } from '#web/components/toast';
import { api } from '#web/lib/api';
import { ApiError } from '#web/lib/api-client';

/** GET /api/favorites: the person's followed coaches. Follows change only here: fresh for the cache's 5 min. */
export const favoritesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['favorites', userId, 'list'],
    queryFn: ({ signal }) => api(favoritesApi.list, {}, { signal }),
  });

/** GET /api/favorites/:coachId: where the person stands with one coach (coach pages). */
export const followStateQueryOptions = (userId: string, coachId: string) =>
  queryOptions({
    queryKey: ['favorites', userId, 'coach', coachId],
    queryFn: ({ signal }) => api(favoritesApi.state, { params: { coachId } }, { signal }),
  });

export type FollowChange = { coachId: string; following: boolean; notify: boolean };

/**
 * Follow / unfollow / notify, optimistic: the switch moves at once in every cached view (coach page
 * and favourites list) and moves back, with a toast saying why, when the server refuses.
 */
export function useFollowMutation(userId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const listKey = favoritesQueryOptions(userId).queryKey;
  return useMutation({
    mutationFn: ({ coachId, following, notify }: FollowChange) =>
      following
        ? api(favoritesApi.follow, { params: { coachId }, body: { notify } })
        : api(favoritesApi.unfollow, { params: { coachId } }),
    onMutate: async (change) => {
      const stateKey = followStateQueryOptions(userId, change.coachId).queryKey;
      await Promise.all([
        queryClient.cancelQueries({ queryKey: stateKey }),
        queryClient.cancelQueries({ queryKey: listKey }),
      ]);
      const previousState = queryClient.getQueryData<FollowState>(stateKey);
      const previousList = queryClient.getQueryData<FavoritesResponse>(listKey);
      if (previousState)
        queryClient.setQueryData<FollowState>(stateKey, {
          ...previousState,
          following: change.following,
          notify: change.following && change.notify,
        });
      // The list keeps an unfollowed coach (shown as not followed) until the page is opened again,
      // so a mis-click can be undone where it happened.
      if (previousList)
        queryClient.setQueryData<FavoritesResponse>(listKey, {
          coaches: previousList.coaches.map((coach) =>
            coach.coach_id === change.coachId
              ? { ...coach, notify: change.following && change.notify }
              : coach,
          ),
        });
      return { previousState, previousList, stateKey };
    },
    onError: (error, _change, context) => {
      if (context?.previousState) queryClient.setQueryData(context.stateKey, context.previousState);
      if (context?.previousList) queryClient.setQueryData(listKey, context.previousList);
      toast({
        title: 'Update Failed',
        description:
          error instanceof ApiError ? error.message : 'Please check your connection and try again.',
        variant: 'destructive',
      });
    },
    onSuccess: (state, _change, context) => {
      queryClient.setQueryData(context.stateKey, state);
    },
  });
}
