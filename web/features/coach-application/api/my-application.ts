import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationBodyInput, MyApplicationResponse } from '#contracts/applications';
import { applicationsApi } from '#contracts/applications.api';
import { api } from '#web/lib/api';
import { useAuth } from '#web/lib/auth/use-auth';
import { myApplicationQueryKey, myApplicationQueryOptions } from '#web/lib/queries/my-application';

export function useMyApplication() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useQuery({ ...myApplicationQueryOptions(userId), enabled: userId !== '' });
}

/** POST /api/coach-applications: answers the new status, which replaces the cached one. */
export function useSubmitApplication() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const userId = auth.user?.id ?? '';
  return useMutation({
    mutationFn: (body: ApplicationBodyInput) => api(applicationsApi.apply, { body }),
    onSuccess: (status: MyApplicationResponse) =>
      queryClient.setQueryData(myApplicationQueryKey(userId), status),
  });
}
