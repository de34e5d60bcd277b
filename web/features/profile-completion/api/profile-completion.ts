import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ProfileCompletion } from '#contracts/profiles';
import { profilesApi } from '#contracts/profiles.api';
import { api } from '#web/lib/api';
import { useAuth } from '#web/lib/auth/use-auth';

/** SPEC §4 Edit mode / §9: the completion check runs 2 s after a successful profile update. */
export const COMPLETION_CHECK_DELAY_MS = 2_000;

export const completionQueryKey = (userId: string) => ['profile-completion', userId] as const;

const checkCompletion = (signal?: AbortSignal) => api(profilesApi.checkCompletion, {}, { signal });

/** POST /api/rpc/check_profile_completion: completion % and the missing items (the coach home checklist). */
export function useProfileCompletion() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useQuery({
    queryKey: completionQueryKey(userId),
    queryFn: ({ signal }) => checkCompletion(signal),
    enabled: auth.status === 'signed_in' && userId !== '',
  });
}

/** The one pending check of this tab (module level: it outlives the page that scheduled it). */
let pending: ReturnType<typeof setTimeout> | null = null;

/** Drops a scheduled check that has not run yet (on sign-out; tests between cases). */
export function cancelScheduledCompletionCheck() {
  if (pending !== null) clearTimeout(pending);
  pending = null;
}

/**
 * Answers `schedule()`: call it after each successful profile update; 2 s later the check runs and
 * its answer refreshes the checklist. A second save within the 2 s moves the check (one check per
 * burst of saves). Leaving the page does not cancel it: the checklist is on another page.
 */
export function useScheduleCompletionCheck() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useCallback(() => {
    cancelScheduledCompletionCheck();
    pending = setTimeout(() => {
      pending = null;
      checkCompletion()
        .then((result) => queryClient.setQueryData<ProfileCompletion>(completionQueryKey(userId), result))
        .catch((error: unknown) => {
          // Non-critical (SPEC §8 silent handling): the checklist keeps its last answer.
          console.warn('Profile completion check failed', error);
        });
    }, COMPLETION_CHECK_DELAY_MS);
  }, [queryClient, userId]);
}
