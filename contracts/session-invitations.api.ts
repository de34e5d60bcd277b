import { defineEndpoint } from './endpoint';
import {
  createInvitationResponseSchema,
  createInvitationSchema,
  invitationParamsSchema,
  invitationsResponseSchema,
  redeemInvitationResponseSchema,
  redeemInvitationSchema,
} from './session-invitations';

const tag = 'Guest links';

/**
 * Guest links. Inviting and listing are for the session's parties (a guest 403, anyone else 404,
 * anonymous 401); redeeming is public, limited per address like the sign-in endpoints, and answers
 * like a sign-in (the same cookies).
 */
export const sessionInvitationsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/invitations',
    summary: "A session's guest invitations",
    tag,
    access: 'signed-in',
    params: invitationParamsSchema,
    responses: { 200: invitationsResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/invitations',
    summary: 'A party invites a guest by email to the live session (a one-time link)',
    tag,
    access: 'signed-in',
    params: invitationParamsSchema,
    body: createInvitationSchema,
    responses: { 201: createInvitationResponseSchema },
  }),
  redeem: defineEndpoint({
    method: 'POST',
    path: '/api/session-invitations/redeem',
    summary: "Redeem a guest link's token: a guest account, signed in to the session",
    tag,
    access: 'public',
    body: redeemInvitationSchema,
    responses: { 200: redeemInvitationResponseSchema },
  }),
} as const;
