import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { chatSessions, profiles, sessionGuests, sessionInvitations, users } from '#server/db/schema/index';
import { countRows, insertRow, updateRow } from '#server/lib/row-queries';
import { SESSION_ENDS_AT } from '#server/lib/session-queries';

export type InvitationRow = typeof sessionInvitations.$inferSelect;
export type NewInvitationRow = typeof sessionInvitations.$inferInsert;
export type GuestUserRow = typeof users.$inferSelect;

/**
 * session_invitations and session_guests, and the guest's own account: a users row
 * without password, email or role, with a profile for its display name.
 */
export function createSessionInvitationsRepository() {
  return {
    /** Locks the session row (FOR UPDATE): invitations of one session are counted one at a time. */
    async lockSession(executor: DbExecutor, sessionId: string): Promise<boolean> {
      const [row] = await executor
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.id, sessionId))
        .for('update');
      return row !== undefined;
    },

    async countForSession(executor: DbExecutor, sessionId: string): Promise<number> {
      return countRows(executor, sessionInvitations, eq(sessionInvitations.sessionId, sessionId));
    },

    async insert(executor: DbExecutor, values: NewInvitationRow): Promise<InvitationRow> {
      return insertRow(executor, sessionInvitations, values);
    },

    /** The session's invitations, newest first. */
    listForSession(executor: DbExecutor, sessionId: string): Promise<InvitationRow[]> {
      return executor
        .select()
        .from(sessionInvitations)
        .where(eq(sessionInvitations.sessionId, sessionId))
        .orderBy(desc(sessionInvitations.createdAt), desc(sessionInvitations.id));
    },

    /** An invitation by its token's hash, with its session's state (to refuse a session that is over). */
    async findByTokenHash(executor: DbExecutor, tokenHash: string) {
      const [row] = await executor
        .select({
          invitation: sessionInvitations,
          sessionStatus: chatSessions.status,
          sessionEndsAt: sql<Date>`${SESSION_ENDS_AT}`.mapWith((value: string | Date) => new Date(value)),
        })
        .from(sessionInvitations)
        .innerJoin(chatSessions, eq(chatSessions.id, sessionInvitations.sessionId))
        .where(eq(sessionInvitations.tokenHash, tokenHash));
      return row;
    },

    /**
     * The compare-and-set that makes a token single-use: only a row not yet redeemed and not expired
     * changes. A racing second redeem waits on the row and then finds it redeemed (no row back).
     */
    async claim(
      executor: DbExecutor,
      input: { id: string; guestUserId: string; now: Date },
    ): Promise<InvitationRow | undefined> {
      return updateRow(
        executor,
        sessionInvitations,
        { redeemedAt: input.now, guestUserId: input.guestUserId },
        and(
          eq(sessionInvitations.id, input.id),
          isNull(sessionInvitations.redeemedAt),
          gt(sessionInvitations.expiresAt, input.now),
        ),
      );
    },

    /** The guest's own account: no password, no email, no role; a profile with the shown name. */
    async insertGuestUser(
      executor: DbExecutor,
      input: { sessionId: string; invitationId: string; name: string; now: Date },
    ): Promise<GuestUserRow> {
      const user = await insertRow(executor, users, {
        userMetadata: { full_name: input.name, guest: true },
        appMetadata: {
          provider: 'guest_link',
          providers: ['guest_link'],
          guest_session_id: input.sessionId,
          invitation_id: input.invitationId,
        },
        createdAt: input.now,
        updatedAt: input.now,
      });
      await executor.insert(profiles).values({
        userId: user.id,
        fullName: input.name,
        createdAt: input.now,
        updatedAt: input.now,
      });
      return user;
    },

    async insertGuest(
      executor: DbExecutor,
      values: { sessionId: string; userId: string; invitationId: string; createdAt: Date },
    ): Promise<void> {
      await executor.insert(sessionGuests).values(values);
    },
  };
}

export type SessionInvitationsRepository = ReturnType<typeof createSessionInvitationsRepository>;
