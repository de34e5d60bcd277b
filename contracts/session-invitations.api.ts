import { endpointGroup } from './endpoint';
import {
  createInvitationResponseSchema,
  createInvitationSchema,
  invitationParamsSchema,
  invitationsResponseSchema,
  redeemInvitationResponseSchema,
  redeemInvitationSchema,
} from './session-invitations';

const endpoint = endpointGroup('Guest links');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Guest links. Inviting and listing are for the session's parties (a guest 403, anyone else 404,
 * anonymous 401); redeeming is public, limited per address like the sign-in endpoints, and answers
 * like a sign-in (the same cookies).
 */
export const sessionInvitationsApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/invitations',
    summary: "A session's guest invitations",
    params: invitationParamsSchema,
    responses: { 200: invitationsResponseSchema },
  }),
  create: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/invitations',
    summary: 'A party invites a guest by email to the live session (a one-time link)',
    params: invitationParamsSchema,
    body: createInvitationSchema,
    responses: { 201: createInvitationResponseSchema },
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/api/session-invitations/redeem',
    summary: "Redeem a guest link's token: a guest account, signed in to the session",
    access: 'public',
    body: redeemInvitationSchema,
    responses: { 200: redeemInvitationResponseSchema },
  }),
} as const;
