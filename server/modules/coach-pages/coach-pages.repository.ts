import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import {
  coachStats,
  coachWebsites,
  profiles,
  userRoles,
  users,
  type WebsiteSection,
} from '#server/db/schema/index';

export type CoachPageRow = NonNullable<Awaited<ReturnType<CoachPagesRepository['findCoachPage']>>>;
export type WebsiteRow = typeof coachWebsites.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const holdsCoachRole = (userId: SQL | typeof profiles.userId) =>
  sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'coach')`;

export function createCoachPagesRepository() {
  return {
    /**
     * One round trip for a whole coach page: the profile of someone holding the coach role, found by
     * username, profile id or user id (each indexed), with categories, stats, website and whether the
     * discovery read model lists them.
     */
    async findCoachPage(executor: DbExecutor, ref: string) {
      const isUuid = UUID.test(ref);
      const match = isUuid
        ? or(eq(profiles.id, ref), eq(profiles.userId, ref))
        : eq(profiles.username, ref.toLowerCase());
      const [row] = await executor
        .select({
          profile: profiles,
          stats: coachStats,
          website: coachWebsites,
          categories: sql<
            string[]
          >`coalesce((select array_agg(c.category order by c.category) from coach_categories c where c.coach_id = ${profiles.userId}), '{}'::text[])`,
          listed: sql<boolean>`exists (select 1 from coach_directory d where d.coach_id = ${profiles.userId})`,
          // In a session now, through the partial index chat_sessions_active_idx.
          busy: sql<boolean>`exists (select 1 from chat_sessions s where s.coach_id = "profiles"."user_id" and s.status = 'active')`,
        })
        .from(profiles)
        .leftJoin(coachStats, eq(coachStats.coachId, profiles.userId))
        .leftJoin(coachWebsites, eq(coachWebsites.coachId, profiles.userId))
        .where(and(match, holdsCoachRole(profiles.userId)))
        // A profile id wins over a user id in the (practically impossible) case both match.
        .orderBy(isUuid ? desc(sql`${profiles.id} = ${ref}`) : profiles.id)
        .limit(1);
      return row ?? null;
    },

    /** The caller's branding inputs: profile bits and the website row (null: the defaults). */
    async findOwnBranding(executor: DbExecutor, userId: string) {
      const [row] = await executor
        .select({
          profile: {
            username: profiles.username,
            customFonts: profiles.customFonts,
            enableLivePreviewLabels: profiles.enableLivePreviewLabels,
          },
          website: coachWebsites,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(coachWebsites, eq(coachWebsites.coachId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async upsertWebsite(
      executor: DbExecutor,
      coachId: string,
      values: {
        primaryColor: string;
        accentColor: string;
        backgroundColor: string;
        headline: string | null;
        sections: WebsiteSection[];
        updatedAt: Date;
      },
    ) {
      const [row] = await executor
        .insert(coachWebsites)
        .values({ coachId, ...values })
        .onConflictDoUpdate({ target: coachWebsites.coachId, set: values })
        .returning();
      return row!;
    },
  };
}

export type CoachPagesRepository = ReturnType<typeof createCoachPagesRepository>;
