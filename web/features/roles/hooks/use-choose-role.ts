import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '#domain/auth/roles';
import { useToast } from '#web/components/toast';
import { useSetActiveRole } from '../api/set-active-role';
import { homeOf } from '../route-access';

export const ROLE_NAMES: Record<Role, string> = { client: 'client', coach: 'coach' };

/**
 * SPEC §2 welcome and §8 toasts: saves the chosen role (set_last_active_role), says so and goes to
 * that role's home; on failure says so and, from the welcome screen, goes to /auth?as={role}.
 */
export function useChooseRole({ onFailure }: { onFailure: 'sign_in' | 'stay' }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const setRole = useSetActiveRole();
  const mutate = setRole.mutate;

  const choose = useCallback(
    (role: Role) =>
      mutate(role, {
        onSuccess: () => {
          toast({
            title: 'Role set successfully!',
            description: `You are now using the product as a ${ROLE_NAMES[role]}.`,
          });
          void navigate(homeOf(role));
        },
        onError: () => {
          toast({
            title: 'Failed to set role',
            description: 'There was an error setting your role. Please try again.',
            variant: 'destructive',
          });
          if (onFailure === 'sign_in') void navigate(`/auth?as=${role}`);
        },
      }),
    [mutate, navigate, onFailure, toast],
  );

  return {
    choose,
    isPending: setRole.isPending,
    pendingRole: setRole.isPending ? setRole.variables : undefined,
  };
}
