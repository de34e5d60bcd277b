import {
  PROGRAM_MESSAGES,
  type EnrolmentList,
  type LessonView,
  type ProgramProgress,
} from '#contracts/programs';
import { AppError } from '#domain/errors/app-error';
import {
  LESSON_GONE,
  PROGRAM_GONE,
  toCoach,
  toLesson,
  toProgress,
  toSummary,
  type ProgramsDeps,
  type ProgramsShared,
} from './programs.shared';

/** People who joined a program: enrolment, their lessons and their progress. */
export function createProgramsEnrolment(deps: ProgramsDeps, shared: ProgramsShared) {
  const { db, repository, clock } = deps;
  const { progressOf } = shared;

  /**
   * Who may read the program's lessons: the owner, and people who joined (they keep access if the
   * coach unpublishes it later). A published program tells others to join; a draft is not found.
   */
  async function readerOf(userId: string, programId: string) {
    const summary = await repository.findSummary(db, programId);
    if (!summary) throw new AppError('NOT_FOUND', PROGRAM_GONE);
    if (summary.program.coachId === userId) return { summary, enrollment: null };
    const enrollment = await repository.findEnrollment(db, programId, userId);
    if (enrollment) return { summary, enrollment };
    if (summary.program.status === 'published') throw new AppError('FORBIDDEN', PROGRAM_MESSAGES.enrolFirst);
    throw new AppError('NOT_FOUND', PROGRAM_GONE);
  }

  return {
    /** Idempotent: joining again answers the same enrolment and progress. */
    async enroll(userId: string, id: string): Promise<ProgramProgress> {
      const summary = await repository.findSummary(db, id);
      if (!summary) throw new AppError('NOT_FOUND', PROGRAM_GONE);
      const { program } = summary;
      if (program.coachId === userId) throw new AppError('CONFLICT', PROGRAM_MESSAGES.ownProgram);
      const lessonCount = Number(summary.lessonCount);
      const existing = await repository.findEnrollment(db, id, userId);
      if (existing) return progressOf(db, existing, lessonCount);
      if (program.status !== 'published') throw new AppError('NOT_FOUND', PROGRAM_GONE);
      if (program.price > 0) throw new AppError('PAID_PROGRAMS_UNAVAILABLE');
      await repository.insertEnrollment(db, id, userId, clock.now());
      const enrollment = await repository.findEnrollment(db, id, userId);
      if (!enrollment) throw new AppError('INTERNAL_ERROR');
      return progressOf(db, enrollment, lessonCount);
    },

    async listEnrolled(userId: string): Promise<EnrolmentList['enrolments']> {
      const rows = await repository.listEnrollments(db, userId);
      const completed = await repository.completedLessonIds(
        db,
        rows.map((row) => row.enrollment.id),
      );
      return rows.map((row) => {
        const ids = completed
          .filter((entry) => entry.enrollmentId === row.enrollment.id)
          .map((entry) => entry.lessonId);
        return {
          program: toSummary(row),
          coach: toCoach(row),
          progress: toProgress(row.enrollment, ids, Number(row.lessonCount)),
        };
      });
    },

    /** A whole lesson for its owner or someone who joined; reading it records where they are. */
    async getLesson(userId: string, id: string, number: number): Promise<LessonView> {
      const { summary, enrollment } = await readerOf(userId, id);
      const lesson = await repository.findLessonByNumber(db, id, number);
      if (!lesson) throw new AppError('NOT_FOUND', LESSON_GONE);
      const lessonCount = Number(summary.lessonCount);
      let progress: ProgramProgress | null = null;
      if (enrollment) {
        const viewed = { ...enrollment, lastLessonNumber: number, lastViewedAt: clock.now() };
        await repository.updateEnrollment(db, enrollment.id, {
          lastLessonNumber: viewed.lastLessonNumber,
          lastViewedAt: viewed.lastViewedAt,
        });
        progress = await progressOf(db, viewed, lessonCount);
      }
      return {
        program: { id, title: summary.program.title, coach: toCoach(summary), lesson_count: lessonCount },
        lesson: toLesson(lesson),
        completed: progress?.completed_lesson_ids.includes(lesson.id) ?? false,
        progress,
      };
    },

    /** Saves a lesson as done; the program is completed when every current lesson is. */
    async completeLesson(userId: string, id: string, number: number): Promise<ProgramProgress> {
      const { summary, enrollment } = await readerOf(userId, id);
      if (!enrollment) throw new AppError('CONFLICT', PROGRAM_MESSAGES.ownProgram);
      const lesson = await repository.findLessonByNumber(db, id, number);
      if (!lesson) throw new AppError('NOT_FOUND', LESSON_GONE);
      const lessonCount = Number(summary.lessonCount);
      return db.transaction(async (tx) => {
        const now = clock.now();
        await repository.markLessonComplete(tx, enrollment.id, lesson.id, now);
        const done = await repository.completedLessonIds(tx, [enrollment.id]);
        const finished = lessonCount > 0 && done.length >= lessonCount;
        const next = {
          ...enrollment,
          lastLessonNumber: Math.min(number + 1, lessonCount),
          lastViewedAt: now,
          completedAt: finished ? (enrollment.completedAt ?? now) : null,
        };
        await repository.updateEnrollment(tx, enrollment.id, {
          lastLessonNumber: next.lastLessonNumber,
          lastViewedAt: next.lastViewedAt,
          completedAt: next.completedAt,
        });
        return toProgress(
          next,
          done.map((row) => row.lessonId),
          lessonCount,
        );
      });
    },
  };
}
