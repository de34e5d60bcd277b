import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '#contracts/auth';
import { rolesApi } from '#contracts/roles.api';
import { api } from '#web/lib/api';
import { useAuth } from '#web/lib/auth/use-auth';
import { accessTokenClaims } from '#web/lib/jwt-claims';

/**
 * GET /api/me: the person's roles, active role and admin status — what the route guards read.
 * Keyed by person and assurance level, so a second factor verified in this session refetches it.
 */
export const meQueryKey = (userId: string, aal: string) => ['me', userId, aal] as const;

export const meQueryOptions = (userId: string, aal: string) =>
  queryOptions({
    queryKey: meQueryKey(userId, aal),
    queryFn: ({ signal }) => api(rolesApi.me, {}, { signal }),
  });

export function useMe() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const aal = accessTokenClaims(auth.accessToken)?.aal ?? 'aal1';
  return useQuery({
    ...meQueryOptions(userId, aal),
    enabled: auth.status === 'signed_in' && userId !== '',
    // After a second factor the key changes: keep showing the same person while the new answer loads.
    placeholderData: (previous) => (previous?.user_id === userId ? previous : undefined),
  });
}

/** Stores a fresh answer of a role call (they all answer Me) for every cached assurance level. */
export function storeMe(queryClient: QueryClient, me: Me) {
  queryClient.setQueriesData<Me>({ queryKey: ['me', me.user_id] }, (previous) =>
    previous ? { ...me, aal: previous.aal } : me,
  );
}
