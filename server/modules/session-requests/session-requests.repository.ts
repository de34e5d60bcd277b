import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { holdsRole } from '#server/db/role-queries';
import {
  chatSessions,
  coachApplications,
  coachDirectory,
  profiles,
  sessionRequests,
  userRoles,
  users,
  type SessionRequestStatus,
} from '#server/db/schema/index';
import { insertRowIfNew, updateRow } from '#server/lib/row-queries';

export type SessionRequestRow = typeof sessionRequests.$inferSelect;
export type NewSessionRequestRow = typeof sessionRequests.$inferInsert;

/** A request with what a screen shows of its coach. */
export type SessionRequestView = SessionRequestRow & {
  coachFullName: string | null;
  coachUsername: string | null;
};

/** Whether a coach may be asked for a session now, and what the alert email needs. */
export type CoachAvailability = {
  approved: boolean;
  isOnline: boolean;
  isBusy: boolean;
  fullName: string | null;
  username: string | null;
  email: string | null;
};

export type PersonIdentity = {
  fullName: string | null;
  avatarUrl: string | null;
  email: string | null;
  emailConfirmedAt: Date | null;
};

export type AlternativeCoachRow = {
  coachId: string;
  username: string | null;
  fullName: string | null;
  professionalTitle: string | null;
  avatarUrl: string | null;
  categories: string[];
};

/** Statuses after which the coach may write to the client once (SPEC §4, §5). */
export const MESSAGE_STATUSES = [
  'declined',
  'cancelled',
  'expired',
] as const satisfies SessionRequestStatus[];

function viewQuery(executor: DbExecutor) {
  return executor
    .select({
      request: sessionRequests,
      coachFullName: profiles.fullName,
      coachUsername: profiles.username,
    })
    .from(sessionRequests)
    .leftJoin(profiles, eq(profiles.userId, sessionRequests.coachId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];
const toView = ({ request, ...coach }: ViewRow): SessionRequestView => ({ ...request, ...coach });

/** A pending instant request: neither preferred date nor time (a scheduled one has both). */
const isInstant = () => and(isNull(sessionRequests.preferredDate), isNull(sessionRequests.preferredTime));

export function createSessionRequestsRepository() {
  return {
    holdsRole,

    async coachAvailability(executor: DbExecutor, coachId: string): Promise<CoachAvailability | undefined> {
      const [row] = await executor
        .select({
          isOnline: profiles.isOnline,
          /** In an active session now (shown as busy): an instant request would only ring unanswered. */
          isBusy: sql<boolean>`exists (select 1 from chat_sessions
                                        where chat_sessions.coach_id = ${users.id} and chat_sessions.status = 'active')`,
          fullName: profiles.fullName,
          username: profiles.username,
          email: users.email,
          approved: sql<boolean>`(
            exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'coach')
            and exists (select 1 from ${coachApplications}
                         where ${coachApplications.userId} = ${users.id} and ${coachApplications.status} = 'approved')
          )`,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, coachId));
      return row;
    },

    async identity(executor: DbExecutor, userId: string): Promise<PersonIdentity | undefined> {
      const [row] = await executor
        .select({
          fullName: profiles.fullName,
          avatarUrl: profiles.avatarUrl,
          email: users.email,
          emailConfirmedAt: users.emailConfirmedAt,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    async pendingIdOfClient(executor: DbExecutor, clientId: string): Promise<string | undefined> {
      const [row] = await executor
        .select({ id: sessionRequests.id })
        .from(sessionRequests)
        .where(and(eq(sessionRequests.clientId, clientId), eq(sessionRequests.status, 'pending')));
      return row?.id;
    },

    /**
     * Inserts a pending request; undefined when the client already has one (the partial unique index
     * session_requests_one_pending_uq: a racing insert waits for the other transaction, then does nothing).
     */
    async insert(executor: DbExecutor, values: NewSessionRequestRow): Promise<SessionRequestRow | undefined> {
      return insertRowIfNew(executor, sessionRequests, values);
    },

    async findRow(executor: DbExecutor, id: string): Promise<SessionRequestRow | undefined> {
      const [row] = await executor.select().from(sessionRequests).where(eq(sessionRequests.id, id));
      return row;
    },

    async findView(executor: DbExecutor, id: string): Promise<SessionRequestView | undefined> {
      const [row] = await viewQuery(executor).where(eq(sessionRequests.id, id));
      return row ? toView(row) : undefined;
    },

    /**
     * The accept's claim: row-locks the request if it is this coach's, still pending and not expired at
     * `now`. A racing accept, cancel, decline or expiry waits for the lock and then finds it changed
     * (READ COMMITTED re-checks the WHERE on the newest row version), so only one of them goes on.
     */
    async lockAcceptable(
      executor: DbExecutor,
      params: { id: string; coachId: string; now: Date },
    ): Promise<SessionRequestRow | undefined> {
      const [row] = await executor
        .select()
        .from(sessionRequests)
        .where(
          and(
            eq(sessionRequests.id, params.id),
            eq(sessionRequests.coachId, params.coachId),
            eq(sessionRequests.status, 'pending'),
            gt(sessionRequests.expiresAt, params.now),
          ),
        )
        .for('update');
      return row;
    },

    /** pending -> accepted with its session (compare-and-set on status). */
    async markAccepted(
      executor: DbExecutor,
      params: { id: string; sessionId: string; now: Date },
    ): Promise<SessionRequestRow | undefined> {
      return updateRow(
        executor,
        sessionRequests,
        {
          status: 'accepted',
          sessionId: params.sessionId,
          acceptedAt: params.now,
          respondedAt: params.now,
          updatedAt: params.now,
        },
        and(eq(sessionRequests.id, params.id), eq(sessionRequests.status, 'pending')),
      );
    },

    /**
     * pending -> `to` (declined by its coach, cancelled by its client, expired), compare-and-set on
     * status; `party` narrows it to the one person allowed.
     */
    async leavePending(
      executor: DbExecutor,
      params: {
        id: string;
        to: 'declined' | 'cancelled' | 'expired';
        now: Date;
        party?: { coachId: string } | { clientId: string };
      },
    ): Promise<SessionRequestRow | undefined> {
      const party = params.party;
      return updateRow(
        executor,
        sessionRequests,
        { status: params.to, respondedAt: params.now, updatedAt: params.now },
        and(
          eq(sessionRequests.id, params.id),
          eq(sessionRequests.status, 'pending'),
          party === undefined
            ? undefined
            : 'coachId' in party
              ? eq(sessionRequests.coachId, party.coachId)
              : eq(sessionRequests.clientId, party.clientId),
        ),
      );
    },

    /** The coach's one message after a decline, cancel or expiry (compare-and-set: none written yet). */
    async setCoachMessage(
      executor: DbExecutor,
      params: { id: string; coachId: string; message: string; now: Date },
    ): Promise<SessionRequestRow | undefined> {
      return updateRow(
        executor,
        sessionRequests,
        { coachMessage: params.message, coachMessageAt: params.now, updatedAt: params.now },
        and(
          eq(sessionRequests.id, params.id),
          eq(sessionRequests.coachId, params.coachId),
          inArray(sessionRequests.status, [...MESSAGE_STATUSES]),
          isNull(sessionRequests.coachMessage),
        ),
      );
    },

    /** The coach's newest pending instant request that has not expired at `now` (the safety net). */
    async newestPendingInstant(
      executor: DbExecutor,
      coachId: string,
      now: Date,
    ): Promise<SessionRequestView | undefined> {
      const [row] = await viewQuery(executor)
        .where(
          and(
            eq(sessionRequests.coachId, coachId),
            eq(sessionRequests.status, 'pending'),
            gt(sessionRequests.expiresAt, now),
            isInstant(),
          ),
        )
        .orderBy(desc(sessionRequests.createdAt), desc(sessionRequests.id))
        .limit(1);
      return row ? toView(row) : undefined;
    },

    /** The coach's pending scheduled requests whose time has not come, soonest first. */
    async pendingScheduled(executor: DbExecutor, coachId: string, now: Date): Promise<SessionRequestView[]> {
      const rows = await viewQuery(executor)
        .where(
          and(
            eq(sessionRequests.coachId, coachId),
            eq(sessionRequests.status, 'pending'),
            gt(sessionRequests.expiresAt, now),
            isNotNull(sessionRequests.preferredDate),
            isNotNull(sessionRequests.preferredTime),
          ),
        )
        .orderBy(asc(sessionRequests.expiresAt), asc(sessionRequests.id))
        .limit(100);
      return rows.map(toView);
    },

    /**
     * Claims up to `limit` pending requests due at `now` (expires_at <= now) for this transaction:
     * FOR UPDATE SKIP LOCKED, so concurrent runs (several instances) take disjoint rows and a request
     * an accept is holding is left to it.
     */
    async claimDue(executor: DbExecutor, now: Date, limit: number): Promise<SessionRequestRow[]> {
      return executor
        .select()
        .from(sessionRequests)
        .where(and(eq(sessionRequests.status, 'pending'), lte(sessionRequests.expiresAt, now)))
        .orderBy(asc(sessionRequests.expiresAt), asc(sessionRequests.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** The coach's first category (alphabetical, as the directory lists them), if any. */
    async firstCategoryOf(executor: DbExecutor, coachId: string): Promise<string | undefined> {
      const [row] = await executor
        .select({ category: sql<string | null>`${coachDirectory.categories}[1]` })
        .from(coachDirectory)
        .where(eq(coachDirectory.coachId, coachId));
      return row?.category ?? undefined;
    },

    /**
     * Listed coaches who are online (and show it), not in an active session, in `category` when given,
     * other than `excludeCoachId`; best rated first.
     */
    async onlineFreeCoaches(
      executor: DbExecutor,
      params: { category: string | null; excludeCoachId: string; limit: number },
    ): Promise<AlternativeCoachRow[]> {
      return executor
        .select({
          coachId: coachDirectory.coachId,
          username: coachDirectory.username,
          fullName: coachDirectory.fullName,
          professionalTitle: coachDirectory.professionalTitle,
          avatarUrl: coachDirectory.avatarUrl,
          categories: coachDirectory.categories,
        })
        .from(coachDirectory)
        .where(
          and(
            eq(coachDirectory.isOnline, true),
            sql`${coachDirectory.coachId} <> ${params.excludeCoachId}`,
            params.category === null
              ? undefined
              : sql`${coachDirectory.categories} @> array[${params.category}]::text[]`,
            sql`not exists (select 1 from ${chatSessions} where ${chatSessions.coachId} = ${coachDirectory.coachId} and ${chatSessions.status} = 'active')`,
          ),
        )
        .orderBy(
          sql`${coachDirectory.ratingAverage} desc nulls last`,
          desc(coachDirectory.totalReviews),
          asc(coachDirectory.coachId),
        )
        .limit(params.limit);
    },
  };
}

export type SessionRequestsRepository = ReturnType<typeof createSessionRequestsRepository>;
