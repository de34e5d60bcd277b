import { and, asc, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { bookings, chatSessions, profiles } from '#server/db/schema/index';

export type BookingRow = typeof bookings.$inferSelect;

/** A booking with what its screens show of the coach: name, username and zone. */
export type BookingViewRow = BookingRow & {
  coachFullName: string | null;
  coachUsername: string | null;
  coachTimeZone: string | null;
  /** The session opened for it, if any. */
  sessionId: string | null;
};

/** What booking a service needs to know, read in one statement. */
export type BookingContext = {
  service:
    | {
        coachId: string;
        title: string;
        format: 'text' | 'audio' | 'video';
        price: number;
        duration: number;
        isActive: boolean;
        spotsLeft: number | null;
        freeCancelHours: number;
        lateCancelPercent: number;
      }
    | undefined;
  coachApproved: boolean;
  client: { fullName: string | null; avatarUrl: string | null; email: string | null } | undefined;
  blockedBy: { coach: boolean; client: boolean };
};

type ContextRow = {
  service_found: boolean | null;
  coach_id: string | null;
  title: string | null;
  format: 'text' | 'audio' | 'video' | null;
  price: number | null;
  duration: number | null;
  is_active: boolean | null;
  spots_left: number | null;
  free_cancel_hours: number | null;
  late_cancel_percent: number | null;
  coach_approved: boolean | null;
  client_found: boolean | null;
  client_full_name: string | null;
  client_avatar_url: string | null;
  client_email: string | null;
  blocked_by_coach: boolean | null;
  blocked_by_client: boolean | null;
};

const viewColumns = {
  booking: bookings,
  coachFullName: profiles.fullName,
  coachUsername: profiles.username,
  coachTimeZone: profiles.timeZone,
  sessionId: chatSessions.id,
};

const toView = (row: {
  booking: BookingRow;
  coachFullName: string | null;
  coachUsername: string | null;
  coachTimeZone: string | null;
  sessionId: string | null;
}): BookingViewRow => ({
  ...row.booking,
  coachFullName: row.coachFullName,
  coachUsername: row.coachUsername,
  coachTimeZone: row.coachTimeZone,
  sessionId: row.sessionId,
});

/** bookings, and the service, coach and client a new booking is made of. */
export function createBookingsRepository() {
  function view(executor: DbExecutor, where: SQL | undefined) {
    return executor
      .select(viewColumns)
      .from(bookings)
      .leftJoin(profiles, eq(profiles.userId, bookings.coachId))
      .leftJoin(chatSessions, eq(chatSessions.bookingId, bookings.id))
      .where(where);
  }

  return {
    async context(
      executor: DbExecutor,
      input: { serviceId: string; clientId: string },
    ): Promise<BookingContext> {
      const result = await executor.execute<ContextRow>(sql`
        select service.found as service_found, service.coach_id, service.title, service.format,
               service.price, service.duration, service.is_active, service.spots_left,
               service.free_cancel_hours, service.late_cancel_percent,
               exists (select 1 from user_roles r where r.user_id = service.coach_id and r.role = 'coach')
                 and exists (select 1 from coach_applications a
                              where a.user_id = service.coach_id and a.status = 'approved') as coach_approved,
               client.found as client_found, client.full_name as client_full_name,
               client.avatar_url as client_avatar_url,
               case when client.email_confirmed_at is not null then client.email end as client_email,
               exists (select 1 from user_blocks b where b.blocker_id = service.coach_id
                         and b.blocked_id = ${input.clientId}) as blocked_by_coach,
               exists (select 1 from user_blocks b where b.blocker_id = ${input.clientId}
                         and b.blocked_id = service.coach_id) as blocked_by_client
          from (select 1) as one
          left join lateral (
            select true as found, s.coach_id, s.title, s.format, s.price, s.duration, s.is_active, s.spots_left,
                   s.free_cancel_hours, s.late_cancel_percent
              from services s where s.id = ${input.serviceId}
          ) service on true
          left join lateral (
            select true as found, p.full_name, p.avatar_url, u.email, u.email_confirmed_at
              from users u left join profiles p on p.user_id = u.id
             where u.id = ${input.clientId}
          ) client on true`);
      const row = result.rows[0];
      if (!row) throw new Error('the booking context read returned no row');
      return {
        service:
          row.service_found && row.coach_id && row.title && row.format
            ? {
                coachId: row.coach_id,
                title: row.title,
                format: row.format,
                price: Number(row.price),
                duration: Number(row.duration),
                isActive: row.is_active === true,
                spotsLeft: row.spots_left === null ? null : Number(row.spots_left),
                freeCancelHours: Number(row.free_cancel_hours),
                lateCancelPercent: Number(row.late_cancel_percent),
              }
            : undefined,
        coachApproved: row.coach_approved === true,
        client: row.client_found
          ? { fullName: row.client_full_name, avatarUrl: row.client_avatar_url, email: row.client_email }
          : undefined,
        blockedBy: { coach: row.blocked_by_coach === true, client: row.blocked_by_client === true },
      };
    },

    /**
     * One more booking of the service: booking_count up and, for a limited offer, spots_left down —
     * false when the service is paused or has no spots left (a racing booking took the last one).
     */
    async takeSpot(executor: DbExecutor, serviceId: string): Promise<boolean> {
      const result = await executor.execute(sql`
        update services
           set booking_count = booking_count + 1,
               spots_left = case when spots_left is null then null else spots_left - 1 end,
               updated_at = now()
         where id = ${serviceId} and is_active and (spots_left is null or spots_left > 0)`);
      return (result.rowCount ?? 0) > 0;
    },

    /** A cancelled booking's spot goes back to a limited offer (its service, if it still exists). */
    async returnSpot(executor: DbExecutor, serviceId: string | null): Promise<void> {
      if (!serviceId) return;
      await executor.execute(sql`
        update services set spots_left = spots_left + 1, updated_at = now()
         where id = ${serviceId} and spots_left is not null`);
    },

    /** Compare-and-set confirmed -> cancelled; undefined when it was not confirmed any more. */
    async markCancelled(
      executor: DbExecutor,
      input: {
        id: string;
        by: 'client' | 'coach';
        charge: number;
        earnings: number | null;
        reason: string | null;
        now: Date;
      },
    ): Promise<BookingRow | undefined> {
      const [row] = await executor
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledAt: input.now,
          cancelledBy: input.by,
          cancellationCharge: input.charge,
          earnings: input.earnings,
          cancelReason: input.reason,
          updatedAt: input.now,
        })
        .where(and(eq(bookings.id, input.id), eq(bookings.status, 'confirmed')))
        .returning();
      return row;
    },

    /** Inserts a booking; an overlap with another of the coach's bookings throws 23P01 (isExclusionViolation). */
    async insert(executor: DbExecutor, row: typeof bookings.$inferInsert): Promise<BookingRow> {
      const [inserted] = await executor.insert(bookings).values(row).returning();
      if (!inserted) throw new Error('the booking insert returned no row');
      return inserted;
    },

    /** One booking as its parties see it; undefined for anyone else. */
    async findForParty(executor: DbExecutor, id: string, userId: string) {
      const [row] = await view(
        executor,
        and(eq(bookings.id, id), or(eq(bookings.clientId, userId), eq(bookings.coachId, userId))),
      );
      return row && toView(row);
    },

    /** Locks a booking (FOR UPDATE) for one of its parties; undefined for anyone else. */
    async lockForParty(executor: DbExecutor, id: string, userId: string): Promise<BookingRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), or(eq(bookings.clientId, userId), eq(bookings.coachId, userId))))
        .for('update');
      return row;
    },

    /**
     * In the completing transaction of a booked session: its booking completed with the coach's
     * earnings as the session recorded them — or, when the coach never came into the room, a coach
     * no-show (the session gave the hold back). Nothing for a session that came from a request.
     */
    async completeFromSession(executor: DbExecutor, sessionId: string, now: Date): Promise<void> {
      await executor.execute(sql`
        update bookings b
           set status = case when cs.coach_joined_at is null then 'no_show' else 'completed' end,
               no_show_by = case when cs.coach_joined_at is null then 'coach' end,
               earnings = cs.earnings, updated_at = ${now.toISOString()}::timestamptz
          from chat_sessions cs
         where cs.id = ${sessionId} and b.id = cs.booking_id and b.status = 'confirmed'`);
    },

    /**
     * Claims (FOR UPDATE SKIP LOCKED) confirmed bookings that ended with their room never opened, and
     * marks them coach no-shows; answers them. Several instances may run it at once.
     */
    async closeMissed(executor: DbExecutor, now: Date, limit: number): Promise<BookingRow[]> {
      const claimed = await executor
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            lte(bookings.endsAt, now),
            sql`not exists (select 1 from chat_sessions cs where cs.booking_id = ${bookings.id})`,
          ),
        )
        .orderBy(asc(bookings.endsAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (claimed.length === 0) return [];
      return executor
        .update(bookings)
        .set({ status: 'no_show', noShowBy: 'coach', earnings: 0, updatedAt: now })
        .where(
          and(
            inArray(
              bookings.id,
              claimed.map((row) => row.id),
            ),
            eq(bookings.status, 'confirmed'),
          ),
        )
        .returning();
    },

    async findById(executor: DbExecutor, id: string) {
      const [row] = await view(executor, eq(bookings.id, id));
      return row && toView(row);
    },

    /** The person's bookings as client or coach: upcoming (not ended, not cancelled) or past. */
    async listForParty(executor: DbExecutor, userId: string, when: 'upcoming' | 'past', now: Date) {
      const party = or(eq(bookings.clientId, userId), eq(bookings.coachId, userId));
      const rows =
        when === 'upcoming'
          ? await view(executor, and(party, gt(bookings.endsAt, now), eq(bookings.status, 'confirmed')))
              .orderBy(asc(bookings.scheduledAt))
              .limit(200)
          : await view(
              executor,
              and(party, or(lte(bookings.endsAt, now), sql`${bookings.status} <> 'confirmed'`)),
            )
              .orderBy(desc(bookings.scheduledAt))
              .limit(100);
      return rows.map(toView);
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
