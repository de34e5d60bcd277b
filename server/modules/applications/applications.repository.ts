import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '#contracts/applications';
import type { DbExecutor } from '#server/db/client';
import { coachApplications, profiles, users } from '#server/db/schema/index';
import { insertRow, updateRow } from '#server/lib/row-queries';

export type ApplicationRow = typeof coachApplications.$inferSelect;
export type NewApplication = Pick<
  typeof coachApplications.$inferInsert,
  | 'userId'
  | 'experience'
  | 'yearsExperience'
  | 'categories'
  | 'credentials'
  | 'bio'
  | 'intendedTextPrice'
  | 'intendedAudioPrice'
  | 'intendedVideoPrice'
  | 'createdAt'
  | 'updatedAt'
>;

const reviewerProfiles = alias(profiles, 'reviewer_profiles');

/** The columns an admin sees: the application, its applicant and its reviewer. */
const adminColumns = {
  application: coachApplications,
  applicantEmail: users.email,
  applicantMetadata: users.userMetadata,
  applicantFullName: profiles.fullName,
  applicantAvatarUrl: profiles.avatarUrl,
  reviewerFullName: reviewerProfiles.fullName,
};

export type AdminApplicationRow = {
  application: ApplicationRow;
  applicantEmail: string | null;
  applicantMetadata: Record<string, unknown>;
  applicantFullName: string | null;
  applicantAvatarUrl: string | null;
  reviewerFullName: string | null;
};

/** The unique index that keeps one pending application per person. */
export const ONE_PENDING_INDEX = 'coach_applications_one_pending_uq';

export function createApplicationsRepository() {
  const adminSelect = (executor: DbExecutor) =>
    executor
      .select(adminColumns)
      .from(coachApplications)
      .innerJoin(users, eq(users.id, coachApplications.userId))
      .leftJoin(profiles, eq(profiles.userId, coachApplications.userId))
      .leftJoin(reviewerProfiles, eq(reviewerProfiles.userId, coachApplications.reviewedBy));

  return {
    async insert(executor: DbExecutor, values: NewApplication): Promise<ApplicationRow> {
      return insertRow(executor, coachApplications, values);
    },

    /** Every application of a person, newest first. */
    async findByUser(executor: DbExecutor, userId: string): Promise<ApplicationRow[]> {
      return (
        executor
          .select()
          .from(coachApplications)
          .where(eq(coachApplications.userId, userId))
          // Same instant (a manual clock): the pending one is the current one.
          .orderBy(
            desc(coachApplications.createdAt),
            desc(sql`${coachApplications.status} = 'pending'`),
            desc(coachApplications.id),
          )
      );
    },

    async hasStatus(executor: DbExecutor, userId: string, status: ApplicationStatus): Promise<boolean> {
      const [row] = await executor
        .select({ id: coachApplications.id })
        .from(coachApplications)
        .where(and(eq(coachApplications.userId, userId), eq(coachApplications.status, status)))
        .limit(1);
      return row !== undefined;
    },

    /** The review queue: pending oldest first (first come, first served); decided ones newest first. */
    async listByStatus(
      executor: DbExecutor,
      status: ApplicationStatus,
      limit: number,
    ): Promise<AdminApplicationRow[]> {
      const order =
        status === 'pending'
          ? [asc(coachApplications.createdAt), asc(coachApplications.id)]
          : [desc(coachApplications.reviewedAt), desc(coachApplications.id)];
      return adminSelect(executor)
        .where(eq(coachApplications.status, status))
        .orderBy(...order)
        .limit(limit);
    },

    async countByStatus(executor: DbExecutor): Promise<Record<ApplicationStatus, number>> {
      const rows = await executor
        .select({ status: coachApplications.status, total: count() })
        .from(coachApplications)
        .groupBy(coachApplications.status);
      const counts: Record<ApplicationStatus, number> = { pending: 0, approved: 0, rejected: 0 };
      for (const row of rows)
        if (row.status in counts) counts[row.status as ApplicationStatus] = Number(row.total);
      return counts;
    },

    async findForAdmin(executor: DbExecutor, id: string): Promise<AdminApplicationRow | null> {
      const [row] = await adminSelect(executor).where(eq(coachApplications.id, id));
      return row ?? null;
    },

    /**
     * Compare-and-set: decides the application only while it is still pending. Of two admins acting
     * at once, the second waits for the first one's row lock, then finds the status changed and
     * updates nothing (READ COMMITTED re-checks the WHERE clause on the new row version).
     */
    async decideIfPending(
      executor: DbExecutor,
      id: string,
      decision: {
        status: Exclude<ApplicationStatus, 'pending'>;
        rejectionReason: string | null;
        reviewedBy: string;
        reviewedAt: Date;
      },
    ): Promise<ApplicationRow | null> {
      return (
        (await updateRow(
          executor,
          coachApplications,
          {
            status: decision.status,
            rejectionReason: decision.rejectionReason,
            reviewedBy: decision.reviewedBy,
            reviewedAt: decision.reviewedAt,
            updatedAt: decision.reviewedAt,
          },
          and(eq(coachApplications.id, id), eq(coachApplications.status, 'pending')),
        )) ?? null
      );
    },
  };
}

export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
