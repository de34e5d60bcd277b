import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import {
  programEnrollments,
  programLessonProgress,
  programLessons,
  programs,
  profiles,
} from '#server/db/schema/index';
import { deleteRows, insertRow, lockKey, updateRow } from '#server/lib/row-queries';

export type ProgramRow = typeof programs.$inferSelect;
export type ProgramChanges = Partial<Omit<typeof programs.$inferInsert, 'id' | 'coachId' | 'createdAt'>>;
export type LessonRow = typeof programLessons.$inferSelect;
export type LessonChanges = Partial<
  Pick<
    typeof programLessons.$inferInsert,
    'title' | 'body' | 'imageUrls' | 'videoUrl' | 'durationMinutes' | 'updatedAt'
  >
>;
export type EnrollmentRow = typeof programEnrollments.$inferSelect;

const lessonCount = sql<number>`(select count(*)::int from ${programLessons} where ${programLessons.programId} = ${programs.id})`;
const enrolledCount = sql<number>`(select count(*)::int from ${programEnrollments} where ${programEnrollments.programId} = ${programs.id})`;

/** A program with its counts and its coach's public name and picture. */
const summaryColumns = {
  program: programs,
  lessonCount,
  enrolledCount,
  coachName: profiles.fullName,
  coachUsername: profiles.username,
  coachAvatarUrl: profiles.avatarUrl,
  coachTitle: profiles.professionalTitle,
};

export type ProgramSummaryRow = {
  program: ProgramRow;
  lessonCount: number;
  enrolledCount: number;
  coachName: string | null;
  coachUsername: string | null;
  coachAvatarUrl: string | null;
  coachTitle: string | null;
};

export function createProgramsRepository() {
  const selectSummaries = (executor: DbExecutor) =>
    executor.select(summaryColumns).from(programs).leftJoin(profiles, eq(profiles.userId, programs.coachId));

  return {
    /** Serialises one coach's creations so the per-coach limit holds under concurrent requests. */
    async lockCoach(executor: DbExecutor, coachId: string) {
      await lockKey(executor, `programs:${coachId}`);
    },
    async countByCoach(executor: DbExecutor, coachId: string) {
      const [row] = await executor
        .select({ value: count() })
        .from(programs)
        .where(eq(programs.coachId, coachId));
      return row?.value ?? 0;
    },
    async listByCoach(
      executor: DbExecutor,
      coachId: string,
      options: { publishedOnly: boolean },
    ): Promise<ProgramSummaryRow[]> {
      return selectSummaries(executor)
        .where(
          options.publishedOnly
            ? and(eq(programs.coachId, coachId), eq(programs.status, 'published'))
            : eq(programs.coachId, coachId),
        )
        .orderBy(
          ...(options.publishedOnly ? [desc(programs.publishedAt)] : []),
          desc(programs.createdAt),
          asc(programs.id),
        );
    },
    async findSummary(executor: DbExecutor, id: string): Promise<ProgramSummaryRow | null> {
      const [row] = await selectSummaries(executor).where(eq(programs.id, id));
      return row ?? null;
    },
    async insert(executor: DbExecutor, values: typeof programs.$inferInsert) {
      return insertRow(executor, programs, values);
    },
    /** The owner's program, locked for the change that follows; null for anyone else's. */
    async lockOwned(executor: DbExecutor, coachId: string, id: string) {
      const [row] = await executor
        .select()
        .from(programs)
        .where(and(eq(programs.id, id), eq(programs.coachId, coachId)))
        .for('update');
      return row ?? null;
    },
    async update(executor: DbExecutor, id: string, changes: ProgramChanges) {
      return (await updateRow(executor, programs, changes, eq(programs.id, id))) ?? null;
    },
    async delete(executor: DbExecutor, coachId: string, id: string) {
      return deleteRows(executor, programs, and(eq(programs.id, id), eq(programs.coachId, coachId)));
    },

    // ---- Lessons.
    async listLessons(executor: DbExecutor, programId: string) {
      return executor
        .select()
        .from(programLessons)
        .where(eq(programLessons.programId, programId))
        .orderBy(asc(programLessons.position));
    },
    async findLessonByNumber(executor: DbExecutor, programId: string, number: number) {
      const [row] = await executor
        .select()
        .from(programLessons)
        .where(and(eq(programLessons.programId, programId), eq(programLessons.position, number)));
      return row ?? null;
    },
    async lastPosition(executor: DbExecutor, programId: string) {
      const [row] = await executor
        .select({ value: max(programLessons.position) })
        .from(programLessons)
        .where(eq(programLessons.programId, programId));
      return row?.value ?? 0;
    },
    async insertLesson(executor: DbExecutor, values: typeof programLessons.$inferInsert) {
      return insertRow(executor, programLessons, values);
    },
    async updateLesson(executor: DbExecutor, programId: string, lessonId: string, changes: LessonChanges) {
      return (
        (await updateRow(
          executor,
          programLessons,
          changes,
          and(eq(programLessons.id, lessonId), eq(programLessons.programId, programId)),
        )) ?? null
      );
    },
    async deleteLesson(executor: DbExecutor, programId: string, lessonId: string) {
      return deleteRows(
        executor,
        programLessons,
        and(eq(programLessons.id, lessonId), eq(programLessons.programId, programId)),
      );
    },
    /**
     * Gives the lessons the numbers 1..n in the order of `orderedIds` (every lesson of the program).
     * The unique (program, position) index is checked row by row, so all lessons first move to
     * negative positions, then to their new ones. The caller holds the program's lock.
     */
    async renumberLessons(executor: DbExecutor, programId: string, orderedIds: readonly string[], now: Date) {
      if (orderedIds.length === 0) return;
      await executor
        .update(programLessons)
        .set({ position: sql`-${programLessons.position}` })
        .where(eq(programLessons.programId, programId));
      await executor.execute(sql`
        update ${programLessons} as l
        set position = o.n, updated_at = ${now}
        from unnest(array[${sql.join(
          orderedIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]) with ordinality as o(id, n)
        where l.program_id = ${programId} and l.id = o.id`);
    },

    // ---- Enrolments and progress.
    async findEnrollment(executor: DbExecutor, programId: string, clientId: string) {
      const [row] = await executor
        .select()
        .from(programEnrollments)
        .where(and(eq(programEnrollments.programId, programId), eq(programEnrollments.clientId, clientId)));
      return row ?? null;
    },
    async insertEnrollment(executor: DbExecutor, programId: string, clientId: string, now: Date) {
      await executor
        .insert(programEnrollments)
        .values({ programId, clientId, enrolledAt: now })
        .onConflictDoNothing();
    },
    async updateEnrollment(
      executor: DbExecutor,
      id: string,
      changes: Partial<Pick<EnrollmentRow, 'lastLessonNumber' | 'lastViewedAt' | 'completedAt'>>,
    ) {
      await executor.update(programEnrollments).set(changes).where(eq(programEnrollments.id, id));
    },
    /** The caller's enrolments with their programs, newest first. */
    async listEnrollments(executor: DbExecutor, clientId: string) {
      return executor
        .select({ enrollment: programEnrollments, ...summaryColumns })
        .from(programEnrollments)
        .innerJoin(programs, eq(programs.id, programEnrollments.programId))
        .leftJoin(profiles, eq(profiles.userId, programs.coachId))
        .where(eq(programEnrollments.clientId, clientId))
        .orderBy(desc(programEnrollments.enrolledAt), asc(programEnrollments.id));
    },
    async completedLessonIds(executor: DbExecutor, enrollmentIds: readonly string[]) {
      if (enrollmentIds.length === 0) return [];
      return executor
        .select({
          enrollmentId: programLessonProgress.enrollmentId,
          lessonId: programLessonProgress.lessonId,
        })
        .from(programLessonProgress)
        .where(inArray(programLessonProgress.enrollmentId, [...enrollmentIds]))
        .orderBy(asc(programLessonProgress.completedAt));
    },
    async markLessonComplete(executor: DbExecutor, enrollmentId: string, lessonId: string, now: Date) {
      await executor
        .insert(programLessonProgress)
        .values({ enrollmentId, lessonId, completedAt: now })
        .onConflictDoNothing();
    },
  };
}

export type ProgramsRepository = ReturnType<typeof createProgramsRepository>;
