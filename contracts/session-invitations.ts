import { z } from 'zod';
import { sessionSchema } from './auth';

/**
 * Guest links to a live session (SPEC §2 `/session/:token`, §7 session_invitation).
 *
 *   POST /api/sessions/:id/invitations { email }   a party (coach or client) of an active session invites
 *                                                  someone: 201 { invitation }; the session_invitation
 *                                                  email goes out with `${publicUrl}/session/<token>`
 *   GET  /api/sessions/:id/invitations             the parties: who was invited, pending / used / expired
 *   POST /api/session-invitations/redeem { token } public (rate-limited like sign-in): the invitee joins as
 *                                                  a guest and is signed in — the same answer as a sign-in
 *                                                  (refresh token in the HttpOnly cookie with
 *                                                  `x-refresh-cookie: 1`) plus the session's id
 *
 * A token is 32 random bytes in base64url (256 bits); the server keeps only its SHA-256. It opens one
 * session, once, until the session's end or 24 hours after the invitation, whichever is first. A guest
 * is an account of its own without password or role: in that one session it reads and sends chat
 * (sender_type 'guest') and sees the details like the client, never the earnings; the call, the
 * presence and the timer stay between the coach and the client; a guest cannot end, invite or review.
 */

export const INVITATION_TOKEN_BYTES = 32;
/** A token is valid at most this long (and never past the session's end). */
export const INVITATION_MAX_AGE_MS = 24 * 60 * 60_000;
/** Invitations one session may have in all (used, pending and expired). */
export const INVITATIONS_PER_SESSION_MAX = 10;

export const SESSION_INVITATION_MESSAGES = {
  used: 'This invitation link has already been used.',
  expired: 'This invitation has expired.',
  unknown: 'This invitation link is not valid. Open the link from the email again, the whole of it.',
  email: 'Enter the email address of the person to invite.',
  partiesOnly: 'Only the coach and the client can invite someone to this session.',
  notActive: 'You can invite someone only while the session is on.',
  tooMany: `A session can have at most ${INVITATIONS_PER_SESSION_MAX} invitations.`,
  self: 'That is your own address. Enter the address of the person to invite.',
} as const;

export const INVITATION_STATUSES = ['pending', 'used', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A token as it appears in `/session/<token>`: base64url of 32 bytes is 43 characters. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const invitationParamsSchema = z.object({ id: z.uuid() });

export const createInvitationSchema = z
  .object({
    email: z
      .string(SESSION_INVITATION_MESSAGES.email)
      .trim()
      .toLowerCase()
      .max(320, SESSION_INVITATION_MESSAGES.email)
      .pipe(z.email(SESSION_INVITATION_MESSAGES.email)),
  })
  .strict();
export type CreateInvitation = z.input<typeof createInvitationSchema>;

export const sessionInvitationSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  invitee_email: z.string(),
  /** Which party invited. */
  invited_by: z.enum(['coach', 'client']),
  created_at: z.string(),
  expires_at: z.string(),
  redeemed_at: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
});
export type SessionInvitation = z.infer<typeof sessionInvitationSchema>;

export const createInvitationResponseSchema = z.object({ invitation: sessionInvitationSchema });
export const invitationsResponseSchema = z.object({ invitations: z.array(sessionInvitationSchema) });
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>;

export const redeemInvitationSchema = z
  .object({ token: z.string(SESSION_INVITATION_MESSAGES.unknown).min(1).max(200) })
  .strict();

/** A sign-in answer (contracts/auth.ts) and the session the guest joined. */
export const redeemInvitationResponseSchema = sessionSchema.extend({ session_id: z.uuid() });
export type RedeemInvitationResponse = z.infer<typeof redeemInvitationResponseSchema>;
