import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { chatSessions, profiles, users } from '#server/db/schema/index';

/**
 * chat_sessions conditions and the coach's rates that several modules' repositories read the same way
 * (sessions, reviews, settlement).
 */

/** start_time + duration_minutes: when an active session is over (SPEC §4). */
export const SESSION_ENDS_AT = sql`(${chatSessions.startTime} + ${chatSessions.durationMinutes} * interval '1 minute')`;

/** The person's email when it is confirmed (SPEC §6: clients see sessions by email only then), else null. */
const confirmedEmailOf = (userId: string) =>
  sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId} and ${users.emailConfirmedAt} is not null)`;

/** Sessions where the person is the client: by id, or by their confirmed email. */
export const sessionsAsClient = (userId: string): SQL =>
  or(
    eq(chatSessions.clientId, userId),
    sql`lower(${chatSessions.clientEmail}) = ${confirmedEmailOf(userId)}`,
  )!;

/** Shown status (SPEC §4): an active session whose end has passed is completed. */
export const sessionShownAs = (status: 'active' | 'completed', now: Date): SQL =>
  status === 'active'
    ? and(eq(chatSessions.status, 'active'), sql`${SESSION_ENDS_AT} > ${now.toISOString()}`)!
    : or(eq(chatSessions.status, 'completed'), sql`${SESSION_ENDS_AT} <= ${now.toISOString()}`)!;

export type CoachRatesRow = {
  on_demand_text_price: number | null;
  on_demand_audio_price: number | null;
  on_demand_video_price: number | null;
};

/** The coach's on-demand rates (cents per 15 minutes, null = the SPEC §9 default); undefined without a profile. */
export async function coachRatesOf(
  executor: DbExecutor,
  coachId: string,
): Promise<CoachRatesRow | undefined> {
  const [row] = await executor
    .select({
      on_demand_text_price: profiles.onDemandTextPrice,
      on_demand_audio_price: profiles.onDemandAudioPrice,
      on_demand_video_price: profiles.onDemandVideoPrice,
    })
    .from(profiles)
    .where(eq(profiles.userId, coachId));
  return row;
}
