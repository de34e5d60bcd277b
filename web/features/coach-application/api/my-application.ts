import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  myApplicationResponseSchema,
  type ApplicationBodyInput,
  type MyApplicationResponse,
} from '../../../../contracts/applications';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';

/** GET /api/coach-applications/me: the person's application status (keyed by person). */
export const myApplicationQueryKey = (userId: string) => ['coach-application', 'me', userId] as const;

export const myApplicationQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myApplicationQueryKey(userId),
    queryFn: ({ signal }) =>
      apiRequest('/api/coach-applications/me', myApplicationResponseSchema, { signal }),
    // A decision can arrive at any time: look again whenever the screen opens.
    staleTime: 0,
  });

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
    mutationFn: (body: ApplicationBodyInput) =>
      apiRequest('/api/coach-applications', myApplicationResponseSchema, { method: 'POST', body }),
    onSuccess: (status: MyApplicationResponse) =>
      queryClient.setQueryData(myApplicationQueryKey(userId), status),
  });
}
