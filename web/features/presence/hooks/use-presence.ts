import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PRESENCE_MESSAGES, type Presence } from '#contracts/presence';
import type { OwnProfile } from '#contracts/profiles';
import { useToast } from '#web/components/toast';
import { ownProfileQueryKey } from '#web/lib/own-profile';
import { confirmPresence, presenceQueryKey, presenceQueryOptions, setPresence } from '../api/presence';

export const usePresence = (userId: string) => useQuery(presenceQueryOptions(userId));

/** Stores the server's answer, and keeps the own-profile cache (is_online there too) in step. */
export function storePresence(queryClient: QueryClient, userId: string, presence: Presence) {
  queryClient.setQueryData(presenceQueryKey(userId), presence);
  queryClient.setQueryData<OwnProfile>(ownProfileQueryKey(userId), (profile) =>
    profile
      ? {
          ...profile,
          is_online: presence.is_online,
          last_online_confirm_at: presence.last_online_confirm_at,
        }
      : profile,
  );
}

/**
 * SPEC §4 online toggle: optimistic (the switch flips at once), rolled back with the toast
 * 'Failed to update online status' when the server refuses or cannot be reached.
 */
export function usePresenceToggle(userId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const key = presenceQueryKey(userId);
  return useMutation({
    mutationFn: (isOnline: boolean) => setPresence(isOnline),
    onMutate: async (isOnline) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Presence>(key);
      if (previous)
        queryClient.setQueryData<Presence>(key, {
          ...previous,
          is_online: isOnline,
          // Going online records a confirmation on the server too: shown now, so the presence check
          // does not send a "first confirmation" of its own that could land after a later change.
          last_online_confirm_at: isOnline ? new Date().toISOString() : previous.last_online_confirm_at,
        });
      return { previous };
    },
    onError: (_error, _isOnline, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: PRESENCE_MESSAGES.updateFailed, variant: 'destructive' });
    },
    onSuccess: (presence) => storePresence(queryClient, userId, presence),
  });
}

/** "Yes, I'm online" (and the first confirmation of a coach online without one). */
export function useConfirmPresence(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmPresence(),
    onSuccess: (presence) => storePresence(queryClient, userId, presence),
  });
}
