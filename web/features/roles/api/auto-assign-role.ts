import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolesApi } from '#contracts/roles.api';
import { api } from '#web/lib/api';
import type { AutoRoleHints } from '../route-access';
import { storeMe } from './get-me';

/**
 * POST /api/rpc/auto_assign_role: the server gives a role to an account younger than 5 minutes
 * without one, from the hints (and the role in its metadata), default client; otherwise nothing.
 */
export const autoAssignRole = (hints: AutoRoleHints) => api(rolesApi.autoAssignRole, { body: hints });

export function useAutoAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: autoAssignRole,
    onSuccess: (me) => storeMe(queryClient, me),
  });
}
