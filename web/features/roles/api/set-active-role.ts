import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolesApi } from '#contracts/roles.api';
import type { Role } from '#domain/auth/roles';
import { api } from '#web/lib/api';
import { storeMe } from './get-me';

/** POST /api/rpc/set_last_active_role: holds the role from now on and makes it the active one. */
export const setActiveRole = (role: Role) => api(rolesApi.setLastActiveRole, { body: { role_name: role } });

export function useSetActiveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActiveRole,
    onSuccess: (me) => storeMe(queryClient, me),
  });
}
