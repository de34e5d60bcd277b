import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, DbExecutor } from '#server/db/client';
import { preparedOn } from '#server/db/prepared';
import { holdsRole } from '#server/db/role-queries';
import { chatSessions, profiles, sessionGuests, users } from '#server/db/schema/index';
import { countRows, insertRow, updateRow } from '#server/lib/row-queries';
import { coachRatesOf, SESSION_ENDS_AT, sessionShownAs, sessionsAsClient } from '#server/lib/session-queries';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type NewChatSessionRow = typeof chatSessions.$inferInsert;

/** A session with the profile join of SPEC §7: the coach's name, username and picture. */
export type ChatSessionViewRow = ChatSessionRow & {
  coachName: string | null;
  coachUsername: string | null;
  coachAvatarUrl: string | null;
};

const viewColumns = {
  ...getTableColumns(chatSessions),
  coachName: profiles.fullName,
  coachUsername: profiles.username,
  coachAvatarUrl: profiles.avatarUrl,
};

const viewById = preparedOn((db) =>
  db
    .select(viewColumns)
    .from(chatSessions)
    .leftJoin(profiles, eq(profiles.userId, chatSessions.coachId))
    .where(eq(chatSessions.id, sql.placeholder('id')))
    .prepare('chat_session_view_by_id'),
);

/**
 * chat_sessions (SPEC §3/§7). Every status change is a compare-and-set on `status`
 * (`where status = 'active'`) under a row lock, in the caller's transaction.
 */
export function createSessionsRepository() {
  function view(executor: DbExecutor) {
    return executor
      .select(viewColumns)
      .from(chatSessions)
      .leftJoin(profiles, eq(profiles.userId, chatSessions.coachId));
  }

  async function page(
    executor: DbExecutor,
    where: SQL,
    limit: number,
    offset: number,
  ): Promise<{ rows: ChatSessionViewRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      view(executor)
        .where(where)
        .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id))
        .limit(limit)
        .offset(offset),
      countRows(executor, chatSessions, where),
    ]);
    return { rows, total };
  }

  return {
    holdsCoachRole: (executor: DbExecutor, userId: string) => holdsRole(executor, userId, 'coach'),

    /** The coach's on-demand rates (cents per 15 minutes, null = the SPEC §9 default). */
    coachRates: async (executor: DbExecutor, coachId: string) =>
      (await coachRatesOf(executor, coachId)) ?? {},

    /** Whether the person joined the session as a guest (a guest link). */
    async isGuest(executor: DbExecutor, sessionId: string, userId: string): Promise<boolean> {
      const [row] = await executor
        .select({ userId: sessionGuests.userId })
        .from(sessionGuests)
        .where(and(eq(sessionGuests.sessionId, sessionId), eq(sessionGuests.userId, userId)));
      return row !== undefined;
    },

    /** The session's guests (they hear its chat_session.updated too). */
    async guestIds(executor: DbExecutor, sessionId: string): Promise<string[]> {
      const rows = await executor
        .select({ userId: sessionGuests.userId })
        .from(sessionGuests)
        .where(eq(sessionGuests.sessionId, sessionId));
      return rows.map((row) => row.userId);
    },

    /** The caller's confirmed email (lowercased), or null. */
    async confirmedEmail(executor: DbExecutor, userId: string): Promise<string | null> {
      const [row] = await executor
        .select({ email: sql<string | null>`lower(${users.email})` })
        .from(users)
        .where(and(eq(users.id, userId), isNotNull(users.emailConfirmedAt)));
      return row?.email ?? null;
    },

    async insert(executor: DbExecutor, values: NewChatSessionRow): Promise<ChatSessionRow> {
      return insertRow(executor, chatSessions, values);
    },

    async findView(executor: DbExecutor, id: string): Promise<ChatSessionViewRow | undefined> {
      const [row] = await view(executor).where(eq(chatSessions.id, id));
      return row;
    },
    /** findView on the pool, prepared: every chat message and room read asks it. */
    async findViewById(db: Database, id: string): Promise<ChatSessionViewRow | undefined> {
      const [row] = await viewById(db).execute({ id });
      return row;
    },

    /** The coach's sessions, newest first. */
    listForCoach(
      executor: DbExecutor,
      input: { coachId: string; status?: 'active' | 'completed'; now: Date; limit: number; offset: number },
    ) {
      const where = and(
        eq(chatSessions.coachId, input.coachId),
        input.status ? sessionShownAs(input.status, input.now) : undefined,
      )!;
      return page(executor, where, input.limit, input.offset);
    },

    /** Sessions where the person is the client (by id, or by confirmed email), newest first. */
    listForClient(
      executor: DbExecutor,
      input: { userId: string; status?: 'active' | 'completed'; now: Date; limit: number; offset: number },
    ) {
      const where = and(
        sessionsAsClient(input.userId),
        input.status ? sessionShownAs(input.status, input.now) : undefined,
      )!;
      return page(executor, where, input.limit, input.offset);
    },

    /** The person's newest active session that has not yet run out (either party). */
    async findLive(executor: DbExecutor, userId: string, now: Date): Promise<ChatSessionViewRow | undefined> {
      const [row] = await view(executor)
        .where(
          and(sessionShownAs('active', now), or(eq(chatSessions.coachId, userId), sessionsAsClient(userId))),
        )
        .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id))
        .limit(1);
      return row;
    },

    /** A guest's live session: the one its guest link joined, or undefined. */
    async findLiveAsGuest(
      executor: DbExecutor,
      userId: string,
      now: Date,
    ): Promise<ChatSessionViewRow | undefined> {
      const joined = executor
        .select({ sessionId: sessionGuests.sessionId })
        .from(sessionGuests)
        .where(eq(sessionGuests.userId, userId));
      const [row] = await view(executor)
        .where(and(sessionShownAs('active', now), inArray(chatSessions.id, joined)))
        .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id))
        .limit(1);
      return row;
    },

    /** Locks the session row (FOR UPDATE): of two concurrent completions the second waits, then sees it done. */
    async lockById(executor: DbExecutor, id: string): Promise<ChatSessionRow | undefined> {
      const [row] = await executor.select().from(chatSessions).where(eq(chatSessions.id, id)).for('update');
      return row;
    },

    /**
     * Active sessions whose start_time + duration has passed by `now`, oldest first, locked FOR UPDATE
     * SKIP LOCKED: several instances running the job take disjoint batches, and a session its coach is
     * ending right now is left to that request.
     */
    async lockDue(
      executor: DbExecutor,
      now: Date,
      limit: number,
      skipIds: readonly string[] = [],
    ): Promise<ChatSessionRow[]> {
      return executor
        .select()
        .from(chatSessions)
        .where(
          and(
            eq(chatSessions.status, 'active'),
            lte(SESSION_ENDS_AT, now.toISOString()),
            skipIds.length > 0 ? notInArray(chatSessions.id, [...skipIds]) : undefined,
          ),
        )
        .orderBy(asc(chatSessions.startTime), asc(chatSessions.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * Row-locks the coaches' profiles in id order. completeDue takes them before anything else in a
     * batch: the presence announcement of each completion locks its coach's profile and then the one
     * broadcast topic, so two instances whose batches share a coach would otherwise deadlock (one holds
     * the topic and waits for the profile the other holds while it waits for the topic).
     */
    async lockCoachProfiles(executor: DbExecutor, coachIds: readonly string[]): Promise<void> {
      const sorted = [...new Set(coachIds)].sort();
      if (sorted.length === 0) return;
      await executor
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(inArray(profiles.userId, sorted))
        .orderBy(asc(profiles.userId))
        .for('update');
    },

    /**
     * Locks the session row FOR SHARE: a change that must not interleave with the session's end (a
     * request for more time) waits for an end in progress, and an end waits for it.
     */
    async lockByIdShared(executor: DbExecutor, id: string): Promise<ChatSessionRow | undefined> {
      const [row] = await executor.select().from(chatSessions).where(eq(chatSessions.id, id)).for('share');
      return row;
    },

    /** More time bought, compare-and-set on an active session. */
    async addTime(
      executor: DbExecutor,
      input: { id: string; minutes: number; price: number; now: Date },
    ): Promise<ChatSessionRow | undefined> {
      return updateRow(
        executor,
        chatSessions,
        {
          durationMinutes: sql`${chatSessions.durationMinutes} + ${input.minutes}`,
          paymentAmount: sql`${chatSessions.paymentAmount} + ${input.price}`,
          updatedAt: input.now,
        },
        and(eq(chatSessions.id, input.id), eq(chatSessions.status, 'active')),
      );
    },

    /**
     * Who is in the room, compare-and-set on an active session; `startTimer` also
     * starts the timer: timer_started_at = start_time = now (the booked minutes count from then).
     */
    /** The session opened for a booking, if any. */
    async findIdByBooking(executor: DbExecutor, bookingId: string): Promise<string | null> {
      const rows = await executor
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.bookingId, bookingId));
      return rows[0]?.id ?? null;
    },

    async setPresence(
      executor: DbExecutor,
      input: { id: string; coachPresent: boolean; clientPresent: boolean; startTimer: boolean; now: Date },
    ): Promise<ChatSessionRow | undefined> {
      return updateRow(
        executor,
        chatSessions,
        {
          coachPresent: input.coachPresent,
          clientPresent: input.clientPresent,
          updatedAt: input.now,
          // The first moment each party was present (a booked session's no-shows are told from these).
          ...(input.coachPresent
            ? {
                coachJoinedAt: sql`coalesce(${chatSessions.coachJoinedAt}, ${input.now.toISOString()}::timestamptz)`,
              }
            : {}),
          ...(input.clientPresent
            ? {
                clientJoinedAt: sql`coalesce(${chatSessions.clientJoinedAt}, ${input.now.toISOString()}::timestamptz)`,
              }
            : {}),
          // The time runs from both present, never before the start: an instant session's start is
          // its acceptance (so this is now); a booked one's is its booked time.
          ...(input.startTimer
            ? {
                timerStarted: true,
                timerStartedAt: sql`greatest(${input.now.toISOString()}::timestamptz, ${chatSessions.startTime})`,
                startTime: sql`greatest(${input.now.toISOString()}::timestamptz, ${chatSessions.startTime})`,
              }
            : {}),
        },
        and(eq(chatSessions.id, input.id), eq(chatSessions.status, 'active')),
      );
    },

    /** Compare-and-set active -> completed; undefined when it was not active any more. */
    async markCompleted(
      executor: DbExecutor,
      input: { id: string; endTime: Date; completedBy: 'coach' | 'timer'; earnings: number; now: Date },
    ): Promise<ChatSessionRow | undefined> {
      return updateRow(
        executor,
        chatSessions,
        {
          status: 'completed',
          endTime: input.endTime,
          completedBy: input.completedBy,
          earnings: input.earnings,
          updatedAt: input.now,
        },
        and(eq(chatSessions.id, input.id), eq(chatSessions.status, 'active')),
      );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
