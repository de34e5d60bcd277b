import { useMutation } from '@tanstack/react-query';
import { userSchema } from '#contracts/auth';
import { apiRequest } from '#web/lib/api-client';
import { useAuthClient } from '#web/lib/auth/use-auth';

/** DELETE /auth/v1/user/identities/:id — refused (CONFLICT) when it is the last way to sign in. */
export const unlinkIdentity = (identityId: string) =>
  apiRequest(`/auth/v1/user/identities/${encodeURIComponent(identityId)}`, userSchema, { method: 'DELETE' });

/** Unlinks an identity and puts the updated person into the auth state (every tab). */
export function useUnlinkIdentity() {
  const authClient = useAuthClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: (user) => authClient.setUser(user),
  });
}
