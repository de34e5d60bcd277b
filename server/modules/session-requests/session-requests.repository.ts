import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { preparedStatement } from '#server/db/prepared';
import { holdsRole } from '#server/db/role-queries';
import {
  chatSessions,
  coachDirectory,
  profiles,
  sessionRequests,
  users,
  type SessionRequestStatus,
} from '#server/db/schema/index';
import { insertRowIfNew, updateRow } from '#server/lib/row-queries';
import type { CoachRatesRow } from '#server/lib/session-queries';

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

/** What creating a request reads before it writes (`requestContext`). */
export type RequestContext = {
  coach: (CoachAvailability & { rates: CoachRatesRow }) | undefined;
  client: PersonIdentity | undefined;
  /** The client's pending request, if any (one at a time). */
  pendingId: string | undefined;
  /** Who of the two blocked the other (user_blocks, #17): no request between them then. */
  blockedBy: { coach: boolean; client: boolean };
};

type RequestContextRow = {
  coach_found: boolean | null;
  is_online: boolean;
  is_busy: boolean;
  coach_full_name: string | null;
  coach_username: string | null;
  coach_email: string | null;
  approved: boolean;
  on_demand_text_price: number | null;
  on_demand_audio_price: number | null;
  on_demand_video_price: number | null;
  client_found: boolean | null;
  client_full_name: string | null;
  client_avatar_url: string | null;
  client_email: string | null;
  client_email_confirmed_at: Date | null;
  pending_id: string | null;
  blocked_by_coach: boolean;
  blocked_by_client: boolean;
};

/**
 * The coach (availability, alert address, rates: undefined without a profile), the client's identity,
 * their pending request and any block between the two, in one prepared statement: the create's four reads were four round trips and
 * four query builds on the ring's hot path (docs/performance.md).
 */
const readRequestContext = preparedStatement<RequestContextRow>(
  'session_request_context',
  () => sql`
    select coach.found as coach_found, coach.is_online, coach.is_busy, coach.full_name as coach_full_name,
           coach.username as coach_username, coach.email as coach_email, coach.approved,
           coach.on_demand_text_price, coach.on_demand_audio_price, coach.on_demand_video_price,
           client.found as client_found, client.full_name as client_full_name,
           client.avatar_url as client_avatar_url, client.email as client_email,
           client.email_confirmed_at as client_email_confirmed_at,
           (select r.id from session_requests r
             where r.client_id = ${sql.placeholder('clientId')} and r.status = 'pending') as pending_id,
           exists (select 1 from user_blocks b where b.blocker_id = ${sql.placeholder('coachId')}
                     and b.blocked_id = ${sql.placeholder('clientId')}) as blocked_by_coach,
           exists (select 1 from user_blocks b where b.blocker_id = ${sql.placeholder('clientId')}
                     and b.blocked_id = ${sql.placeholder('coachId')}) as blocked_by_client
      from (select 1) as one
      left join lateral (
        select true as found, p.is_online, p.full_name, p.username, u.email,
               p.on_demand_text_price, p.on_demand_audio_price, p.on_demand_video_price,
               -- In an active session now (shown as busy): an instant request would only ring unanswered.
               exists (select 1 from chat_sessions s where s.coach_id = u.id and s.status = 'active') as is_busy,
               exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'coach')
                 and exists (select 1 from coach_applications a
                              where a.user_id = u.id and a.status = 'approved') as approved
          from users u join profiles p on p.user_id = u.id
         where u.id = ${sql.placeholder('coachId')}
      ) coach on true
      left join lateral (
        select true as found, p.full_name, p.avatar_url, u.email, u.email_confirmed_at
          from users u left join profiles p on p.user_id = u.id
         where u.id = ${sql.placeholder('clientId')}
      ) client on true`,
);

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

/** A changed request's view in the UPDATE's own RETURNING (no read after the change). */
const viewReturning = {
  ...getTableColumns(sessionRequests),
  coachFullName: sql<string | null>`(select ${profiles.fullName} from ${profiles}
                                      where ${profiles.userId} = ${sessionRequests.coachId})`,
  coachUsername: sql<string | null>`(select ${profiles.username} from ${profiles}
                                      where ${profiles.userId} = ${sessionRequests.coachId})`,
};

async function updateView(
  executor: DbExecutor,
  changes: Partial<NewSessionRequestRow>,
  where: SQL | undefined,
): Promise<SessionRequestView | undefined> {
  const [row] = await executor.update(sessionRequests).set(changes).where(where).returning(viewReturning);
  return row;
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];
const toView = ({ request, ...coach }: ViewRow): SessionRequestView => ({ ...request, ...coach });

/** A pending instant request: neither preferred date nor time (a scheduled one has both). */
const isInstant = () => and(isNull(sessionRequests.preferredDate), isNull(sessionRequests.preferredTime));

export function createSessionRequestsRepository() {
  return {
    holdsRole,

    async requestContext(
      executor: DbExecutor,
      input: { coachId: string; clientId: string },
    ): Promise<RequestContext> {
      const [row] = await readRequestContext(executor, input);
      if (!row) throw new Error('the request context read returned no row');
      return {
        coach: row.coach_found
          ? {
              approved: row.approved,
              isOnline: row.is_online,
              isBusy: row.is_busy,
              fullName: row.coach_full_name,
              username: row.coach_username,
              email: row.coach_email,
              rates: {
                on_demand_text_price: row.on_demand_text_price,
                on_demand_audio_price: row.on_demand_audio_price,
                on_demand_video_price: row.on_demand_video_price,
              },
            }
          : undefined,
        client: row.client_found
          ? {
              fullName: row.client_full_name,
              avatarUrl: row.client_avatar_url,
              email: row.client_email,
              emailConfirmedAt: row.client_email_confirmed_at,
            }
          : undefined,
        pendingId: row.pending_id ?? undefined,
        blockedBy: { coach: row.blocked_by_coach, client: row.blocked_by_client },
      };
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
    ): Promise<SessionRequestView | undefined> {
      return updateView(
        executor,
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
    ): Promise<SessionRequestView | undefined> {
      const party = params.party;
      return updateView(
        executor,
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
