import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInvitation,
  InvitationsResponse,
  RedeemInvitationResponse,
} from '#contracts/session-invitations';
import { sessionInvitationsApi } from '#contracts/session-invitations.api';
import { api } from '#web/lib/api';
import type { AuthClient } from '#web/lib/auth/auth-client';

/**
 * Guest links (contracts/session-invitations.ts): the parties' invitations of a session,
 * inviting someone, and the guest's redeem — a sign-in through the auth client (the refresh token in the
 * HttpOnly cookie, the access token in memory), answering the session to open.
 */

export const invitationsQueryKey = (sessionId: string) => ['session-invitations', sessionId] as const;

/** GET /api/sessions/:id/invitations: who was invited, newest first, pending / used / expired. */
export const invitationsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: invitationsQueryKey(sessionId),
    queryFn: ({ signal }) => api(sessionInvitationsApi.list, { params: { id: sessionId } }, { signal }),
    staleTime: 0,
  });

/** POST /api/sessions/:id/invitations: the new invitation goes to the top of the list at once. */
export function useCreateInvitation(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitation) =>
      api(sessionInvitationsApi.create, { params: { id: sessionId }, body }),
    onSuccess: ({ invitation }) =>
      queryClient.setQueryData<InvitationsResponse>(invitationsQueryKey(sessionId), (current) => ({
        invitations: [
          invitation,
          ...(current?.invitations ?? []).filter((existing) => existing.id !== invitation.id),
        ],
      })),
  });
}

/**
 * POST /api/session-invitations/redeem: signs this browser in as the guest (through the auth client,
 * like every sign-in); answers the session's id.
 */
export const redeemInvitation = (client: AuthClient, token: string): Promise<RedeemInvitationResponse> => {
  const { redeem } = sessionInvitationsApi;
  return client.completeSignIn(redeem.path, { token }, 'SIGNED_IN', redeem.responses[200]);
};
