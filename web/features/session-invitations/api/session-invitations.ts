import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createInvitationResponseSchema,
  invitationsResponseSchema,
  redeemInvitationResponseSchema,
  type CreateInvitation,
  type InvitationsResponse,
  type RedeemInvitationResponse,
} from '../../../../contracts/session-invitations';
import { apiRequest } from '../../../lib/api-client';
import type { AuthClient } from '../../../lib/auth/auth-client';

/**
 * Guest links (issue #7 point 7, contracts/session-invitations.ts): the parties' invitations of a session,
 * inviting someone, and the guest's redeem — a sign-in through the auth client (the refresh token in the
 * HttpOnly cookie, the access token in memory), answering the session to open.
 */

export const invitationsQueryKey = (sessionId: string) => ['session-invitations', sessionId] as const;

const invitationsPath = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/invitations`;

/** GET /api/sessions/:id/invitations: who was invited, newest first, pending / used / expired. */
export const invitationsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: invitationsQueryKey(sessionId),
    queryFn: ({ signal }) => apiRequest(invitationsPath(sessionId), invitationsResponseSchema, { signal }),
    staleTime: 0,
  });

/** POST /api/sessions/:id/invitations: the new invitation goes to the top of the list at once. */
export function useCreateInvitation(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitation) =>
      apiRequest(invitationsPath(sessionId), createInvitationResponseSchema, { method: 'POST', body }),
    onSuccess: ({ invitation }) =>
      queryClient.setQueryData<InvitationsResponse>(invitationsQueryKey(sessionId), (current) => ({
        invitations: [
          invitation,
          ...(current?.invitations ?? []).filter((existing) => existing.id !== invitation.id),
        ],
      })),
  });
}

export const REDEEM_INVITATION_PATH = '/api/session-invitations/redeem';

/** POST /api/session-invitations/redeem: signs this browser in as the guest; answers the session's id. */
export const redeemInvitation = (client: AuthClient, token: string): Promise<RedeemInvitationResponse> =>
  client.completeSignIn(REDEEM_INVITATION_PATH, { token }, 'SIGNED_IN', redeemInvitationResponseSchema);
