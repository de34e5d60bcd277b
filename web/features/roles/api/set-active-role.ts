import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema } from '../../../../contracts/auth';
import type { Role } from '../../../../domain/auth/roles';
import { apiRequest } from '../../../lib/api-client';
import { storeMe } from './get-me';

/** POST /api/rpc/set_last_active_role: holds the role from now on and makes it the active one. */
export const setActiveRole = (role: Role) =>
  apiRequest('/api/rpc/set_last_active_role', meResponseSchema, {
    method: 'POST',
    body: { role_name: role },
  });

export function useSetActiveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActiveRole,
    onSuccess: (me) => storeMe(queryClient, me),
  });
}
