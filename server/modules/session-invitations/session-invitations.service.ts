import { createHash, randomBytes } from 'node:crypto';
import type { AuthSession } from '#contracts/auth';
import {
  INVITATION_MAX_AGE_MS,
  INVITATION_TOKEN_BYTES,
  INVITATIONS_PER_SESSION_MAX,
  SESSION_INVITATION_MESSAGES,
  type InvitationsResponse,
  type RedeemInvitationResponse,
  type SessionInvitation,
} from '#contracts/session-invitations';
import type { ChatSession } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import { GUEST_SIGN_IN_METHOD } from '#server/plugins/auth-guard';
import type { RequestContext } from '../auth/sessions/session.service';
import { emailTime, renderEmail } from '../outbox/email-templates';
import type { OutboxService } from '../outbox/outbox.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type {
  GuestUserRow,
  InvitationRow,
  SessionInvitationsRepository,
} from './session-invitations.repository';

/** chatSessions.get: a party's view, or with `guests: true` a guest's too (404 for anyone else). */
export type FindSession = (
  userId: string,
  sessionId: string,
  options?: { guests?: boolean },
) => Promise<ChatSession>;

/** The auth module's session start (sessions.start), run in the redeem's transaction. */
export type StartSignIn = (
  executor: DbExecutor,
  user: GuestUserRow,
  options: { method: string; context: RequestContext },
) => Promise<AuthSession>;

/** The name a guest account shows (chat, the room). */
export const GUEST_NAME = 'Guest';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function statusOf(row: InvitationRow, now: Date): SessionInvitation['status'] {
  if (row.redeemedAt) return 'used';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow, session: ChatSession, now: Date): SessionInvitation {
  return {
    id: row.id,
    session_id: row.sessionId,
    invitee_email: row.inviteeEmail,
    invited_by: row.invitedByUserId === session.coach_id ? 'coach' : 'client',
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    redeemed_at: row.redeemedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

/**
 * Guest links (contracts/session-invitations.ts).
 *
 * - invite: a party (coach or client) of a session that is on; under the session's row lock (at most
 *   INVITATIONS_PER_SESSION_MAX), the invitation (the token's SHA-256 only) and the session_invitation
 *   email in one transaction. The token itself exists only in the email.
 * - list: the parties see who was invited and whether the link is pending, used or expired.
 * - redeem: public. One transaction: the invitation by hash (unknown 404; used or expired 410), a guest
 *   account, the compare-and-set that marks it redeemed (a racing second redeem finds it used and rolls
 *   back), session_guests, and a sign-in session started by the auth module, as a password sign-in.
 */
export function createSessionInvitationsService(deps: {
  db: Database;
  repository: SessionInvitationsRepository;
  findSession: FindSession;
  startSignIn: StartSignIn;
  outbox: Pick<OutboxService, 'enqueue'>;
  securityEvents: Pick<SecurityEventsService, 'record'>;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, repository, findSession, clock } = deps;

  /** The session as a party sees it; a guest may not invite or see invitations (403). */
  async function partyView(userId: string, sessionId: string): Promise<ChatSession> {
    const session = await findSession(userId, sessionId, { guests: true });
    if (session.viewer === 'guest') throw new AppError('FORBIDDEN', SESSION_INVITATION_MESSAGES.partiesOnly);
    return session;
  }

  return {
    /** POST /api/sessions/:id/invitations */
    async invite(
      userId: string,
      userEmail: string | null,
      sessionId: string,
      email: string,
    ): Promise<SessionInvitation> {
      const session = await partyView(userId, sessionId);
      const now = clock.now();
      const endsAt = new Date(session.ends_at);
      if (session.status !== 'active' || endsAt.getTime() <= now.getTime())
        throw new AppError('CONFLICT', SESSION_INVITATION_MESSAGES.notActive);
      if (userEmail && userEmail.toLowerCase() === email)
        throw new AppError('VALIDATION_ERROR', SESSION_INVITATION_MESSAGES.self, {
          details: [{ path: 'email', message: SESSION_INVITATION_MESSAGES.self }],
        });
      const token = randomBytes(INVITATION_TOKEN_BYTES).toString('base64url');
      const expiresAt = new Date(Math.min(endsAt.getTime(), now.getTime() + INVITATION_MAX_AGE_MS));
      const isCoach = session.coach_id === userId;
      const row = await db.transaction(async (tx) => {
        if (!(await repository.lockSession(tx, sessionId)))
          throw new AppError('NOT_FOUND', 'This session could not be found.');
        if ((await repository.countForSession(tx, sessionId)) >= INVITATIONS_PER_SESSION_MAX)
          throw new AppError('CONFLICT', SESSION_INVITATION_MESSAGES.tooMany);
        const inserted = await repository.insert(tx, {
          sessionId,
          invitedByUserId: userId,
          inviteeEmail: email,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt,
        });
        const data = {
          inviteeEmail: email,
          inviterName: isCoach ? session.coach_name : session.client_name,
          coachName: session.coach_name,
          sessionType: session.format,
          startsAt: emailTime(new Date(session.start_time)),
          endsAt: emailTime(endsAt),
          joinUrl: `${deps.publicUrl}/session/${token}`,
          expiresAt: emailTime(expiresAt),
        };
        // The email and the invitation commit together: no link without a row, no row without its email.
        await deps.outbox.enqueue(tx, {
          channel: 'email',
          recipient: email,
          template: 'session_invitation',
          ...renderEmail('session_invitation', data),
          data: { ...data, sessionId, invitationId: inserted.id },
        });
        return inserted;
      });
      return toInvitation(row, session, now);
    },

    /** GET /api/sessions/:id/invitations */
    async list(userId: string, sessionId: string): Promise<InvitationsResponse> {
      const session = await partyView(userId, sessionId);
      const now = clock.now();
      const rows = await repository.listForSession(db, sessionId);
      return { invitations: rows.map((row) => toInvitation(row, session, now)) };
    },

    /** POST /api/session-invitations/redeem */
    async redeem(token: string, context: RequestContext): Promise<RedeemInvitationResponse> {
      const tokenHash = hashToken(token);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const found = await repository.findByTokenHash(tx, tokenHash);
        if (!found) throw new AppError('NOT_FOUND', SESSION_INVITATION_MESSAGES.unknown);
        const { invitation } = found;
        if (invitation.redeemedAt) throw new AppError('GONE', SESSION_INVITATION_MESSAGES.used);
        if (
          invitation.expiresAt.getTime() <= now.getTime() ||
          found.sessionStatus !== 'active' ||
          found.sessionEndsAt.getTime() <= now.getTime()
        )
          throw new AppError('GONE', SESSION_INVITATION_MESSAGES.expired);
        const user = await repository.insertGuestUser(tx, {
          sessionId: invitation.sessionId,
          invitationId: invitation.id,
          name: GUEST_NAME,
          now,
        });
        const claimed = await repository.claim(tx, { id: invitation.id, guestUserId: user.id, now });
        // Another redeem of the same token committed first (it held the row): this one rolls back.
        if (!claimed) throw new AppError('GONE', SESSION_INVITATION_MESSAGES.used);
        await repository.insertGuest(tx, {
          sessionId: invitation.sessionId,
          userId: user.id,
          invitationId: invitation.id,
          createdAt: now,
        });
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_IN',
          userId: user.id,
          details: { method: GUEST_SIGN_IN_METHOD, session_id: invitation.sessionId },
          context,
        });
        const session = await deps.startSignIn(tx, user, { method: GUEST_SIGN_IN_METHOD, context });
        return { ...session, session_id: invitation.sessionId };
      });
    },
  };
}

export type SessionInvitationsService = ReturnType<typeof createSessionInvitationsService>;
