import {
  PROGRAM_LIMITS,
  PROGRAM_MESSAGES,
  type EnrolmentList,
  type Lesson,
  type LessonCreateBody,
  type LessonUpdateBody,
  type LessonView,
  type ProgramCoach,
  type ProgramCreateBody,
  type ProgramDetail,
  type ProgramProgress,
  type ProgramSummary,
  type ProgramUpdateBody,
  type PublicProgram,
} from '../../../contracts/programs';
import type { Clock } from '../../../domain/clock';
import { AppError } from '../../../domain/errors/app-error';
import type { Database, DbExecutor } from '../../db/client';
import type {
  EnrollmentRow,
  LessonChanges,
  LessonRow,
  ProgramChanges,
  ProgramRow,
  ProgramSummaryRow,
  ProgramsRepository,
} from './programs.repository';

const PROGRAM_GONE = 'This program does not exist or is not public.';
const LESSON_GONE = 'This lesson does not exist. It may have been removed or renumbered.';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

function toSummary(row: ProgramSummaryRow): ProgramSummary {
  const { program } = row;
  return {
    id: program.id,
    coach_id: program.coachId,
    title: program.title,
    subtitle: program.subtitle,
    description: program.description,
    category: program.category,
    cover_image_url: program.coverImageUrl,
    price: program.price,
    status: program.status as ProgramSummary['status'],
    lesson_count: Number(row.lessonCount),
    enrolled_count: Number(row.enrolledCount),
    published_at: iso(program.publishedAt),
  };
}

function toCoach(row: ProgramSummaryRow): ProgramCoach {
  return {
    id: row.program.coachId,
    full_name: row.coachName,
    username: row.coachUsername,
    avatar_url: row.coachAvatarUrl,
    professional_title: row.coachTitle,
  };
}

function toLesson(row: LessonRow): Lesson {
  return {
    id: row.id,
    program_id: row.programId,
    number: row.position,
    title: row.title,
    body: row.body,
    image_urls: row.imageUrls,
    video_url: row.videoUrl,
    duration_minutes: row.durationMinutes,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Progress counts only lessons that still exist (progress rows go with a deleted lesson). */
function toProgress(enrollment: EnrollmentRow, completedIds: string[], lessonCount: number): ProgramProgress {
  const done = completedIds.length;
  const finished = lessonCount > 0 && done >= lessonCount;
  return {
    enrolled_at: enrollment.enrolledAt.toISOString(),
    completed_lesson_ids: completedIds,
    completed_count: done,
    lesson_count: lessonCount,
    last_lesson_number: Math.max(1, Math.min(enrollment.lastLessonNumber, Math.max(lessonCount, 1))),
    completed_at: finished ? iso(enrollment.completedAt) : null,
  };
}

/**
 * Programs. A coach builds programs of ordered lessons; a published program is
 * public; people enrol and their progress is saved per lesson id, so reordering keeps it. Someone
 * else's draft answers NOT_FOUND like a missing program. Paid enrolment is not built yet: only free
 * programs can be published or joined (PAID_PROGRAMS_UNAVAILABLE).
 */
export function createProgramsService(deps: { db: Database; repository: ProgramsRepository; clock: Clock }) {
  const { db, repository, clock } = deps;

  async function detail(executor: DbExecutor, id: string): Promise<ProgramDetail> {
    const [summary, lessons] = await Promise.all([
      repository.findSummary(executor, id),
      repository.listLessons(executor, id),
    ]);
    if (!summary) throw new AppError('NOT_FOUND', PROGRAM_GONE);
    return {
      ...toSummary(summary),
      created_at: summary.program.createdAt.toISOString(),
      updated_at: summary.program.updatedAt.toISOString(),
      lessons: lessons.map(toLesson),
    };
  }

  /** The owner's program, locked; someone else's id is NOT_FOUND. */
  async function lockOwned(executor: DbExecutor, userId: string, id: string): Promise<ProgramRow> {
    const program = await repository.lockOwned(executor, userId, id);
    if (!program) throw new AppError('NOT_FOUND', PROGRAM_GONE);
    return program;
  }

  async function touch(executor: DbExecutor, id: string) {
    await repository.update(executor, id, { updatedAt: clock.now() });
  }

  async function progressOf(executor: DbExecutor, enrollment: EnrollmentRow, lessonCount: number) {
    const rows = await repository.completedLessonIds(executor, [enrollment.id]);
    return toProgress(
      enrollment,
      rows.map((row) => row.lessonId),
      lessonCount,
    );
  }

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
    // ---- Public.
    async listPublic(coachId: string): Promise<ProgramSummary[]> {
      return (await repository.listByCoach(db, coachId, { publishedOnly: true })).map(toSummary);
    },

    /** A published program (or one the caller owns or joined), with lesson titles but no bodies. */
    async getPublic(id: string, viewerId: string | null): Promise<PublicProgram> {
      const summary = await repository.findSummary(db, id);
      if (!summary) throw new AppError('NOT_FOUND', PROGRAM_GONE);
      const isOwner = viewerId !== null && summary.program.coachId === viewerId;
      const enrollment = viewerId && !isOwner ? await repository.findEnrollment(db, id, viewerId) : null;
      if (summary.program.status !== 'published' && !isOwner && !enrollment)
        throw new AppError('NOT_FOUND', PROGRAM_GONE);
      const lessons = await repository.listLessons(db, id);
      return {
        ...toSummary(summary),
        coach: toCoach(summary),
        lessons: lessons.map((lesson) => ({
          id: lesson.id,
          number: lesson.position,
          title: lesson.title,
          duration_minutes: lesson.durationMinutes,
        })),
        viewer: {
          is_owner: isOwner,
          progress: enrollment ? await progressOf(db, enrollment, lessons.length) : null,
        },
      };
    },

    // ---- The builder (owner).
    async listMine(userId: string): Promise<ProgramSummary[]> {
      return (await repository.listByCoach(db, userId, { publishedOnly: false })).map(toSummary);
    },

    async create(userId: string, body: ProgramCreateBody): Promise<ProgramDetail> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await repository.lockCoach(tx, userId);
        if ((await repository.countByCoach(tx, userId)) >= PROGRAM_LIMITS.perCoach)
          throw new AppError('CONFLICT', PROGRAM_MESSAGES.limitReached);
        const program = await repository.insert(tx, {
          coachId: userId,
          title: body.title.trim(),
          subtitle: blankToNull(body.subtitle) ?? null,
          description: blankToNull(body.description) ?? null,
          category: body.category ?? null,
          coverImageUrl: body.cover_image_url ?? null,
          price: body.price ?? 0,
          status: 'draft',
          createdAt: now,
          updatedAt: now,
        });
        return detail(tx, program.id);
      });
    },

    async getOwned(userId: string, id: string): Promise<ProgramDetail> {
      const summary = await repository.findSummary(db, id);
      if (!summary || summary.program.coachId !== userId) throw new AppError('NOT_FOUND', PROGRAM_GONE);
      return detail(db, id);
    },

    async update(userId: string, id: string, body: ProgramUpdateBody): Promise<ProgramDetail> {
      return db.transaction(async (tx) => {
        const program = await lockOwned(tx, userId, id);
        if (body.price !== undefined && body.price > 0 && program.status === 'published')
          throw new AppError('PAID_PROGRAMS_UNAVAILABLE', PROGRAM_MESSAGES.publishedPriceLocked);
        const changes: ProgramChanges = { updatedAt: clock.now() };
        if (body.title !== undefined) changes.title = body.title.trim();
        if (body.subtitle !== undefined) changes.subtitle = blankToNull(body.subtitle);
        if (body.description !== undefined) changes.description = blankToNull(body.description);
        if (body.category !== undefined) changes.category = body.category;
        if (body.cover_image_url !== undefined) changes.coverImageUrl = body.cover_image_url;
        if (body.price !== undefined) changes.price = body.price;
        await repository.update(tx, id, changes);
        return detail(tx, id);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.delete(db, userId, id))) throw new AppError('NOT_FOUND', PROGRAM_GONE);
    },

    async publish(userId: string, id: string): Promise<ProgramDetail> {
      return db.transaction(async (tx) => {
        const program = await lockOwned(tx, userId, id);
        if (program.price > 0) throw new AppError('PAID_PROGRAMS_UNAVAILABLE', PROGRAM_MESSAGES.paidNotice);
        if ((await repository.lastPosition(tx, id)) === 0)
          throw new AppError('CONFLICT', PROGRAM_MESSAGES.noLessons);
        const now = clock.now();
        if (program.status !== 'published')
          await repository.update(tx, id, {
            status: 'published',
            publishedAt: program.publishedAt ?? now,
            updatedAt: now,
          });
        return detail(tx, id);
      });
    },

    /** Back to draft: no longer listed or open to new people; those who joined keep their lessons. */
    async unpublish(userId: string, id: string): Promise<ProgramDetail> {
      return db.transaction(async (tx) => {
        const program = await lockOwned(tx, userId, id);
        if (program.status !== 'draft')
          await repository.update(tx, id, { status: 'draft', updatedAt: clock.now() });
        return detail(tx, id);
      });
    },

    async addLesson(userId: string, id: string, body: LessonCreateBody): Promise<ProgramDetail> {
      return db.transaction(async (tx) => {
        await lockOwned(tx, userId, id);
        const last = await repository.lastPosition(tx, id);
        if (last >= PROGRAM_LIMITS.lessonsPerProgram)
          throw new AppError('CONFLICT', PROGRAM_MESSAGES.lessonLimitReached);
        const now = clock.now();
        await repository.insertLesson(tx, {
          programId: id,
          position: last + 1,
          title: body.title.trim(),
          body: body.body ?? '',
          imageUrls: body.image_urls ?? [],
          videoUrl: blankToNull(body.video_url) ?? null,
          durationMinutes: body.duration_minutes ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await touch(tx, id);
        return detail(tx, id);
      });
    },

    async updateLesson(
      userId: string,
      id: string,
      lessonId: string,
      body: LessonUpdateBody,
    ): Promise<ProgramDetail> {
      return db.transaction(async (tx) => {
        await lockOwned(tx, userId, id);
        const changes: LessonChanges = { updatedAt: clock.now() };
        if (body.title !== undefined) changes.title = body.title.trim();
        if (body.body !== undefined) changes.body = body.body;
        if (body.image_urls !== undefined) changes.imageUrls = body.image_urls;
        if (body.video_url !== undefined) changes.videoUrl = blankToNull(body.video_url);
        if (body.duration_minutes !== undefined) changes.durationMinutes = body.duration_minutes;
        if (!(await repository.updateLesson(tx, id, lessonId, changes)))
          throw new AppError('NOT_FOUND', LESSON_GONE);
        await touch(tx, id);
        return detail(tx, id);
      });
    },

    async deleteLesson(userId: string, id: string, lessonId: string): Promise<ProgramDetail> {
      return db.transaction(async (tx) => {
        const program = await lockOwned(tx, userId, id);
        const lessons = await repository.listLessons(tx, id);
        if (!lessons.some((lesson) => lesson.id === lessonId)) throw new AppError('NOT_FOUND', LESSON_GONE);
        if (program.status === 'published' && lessons.length === 1)
          throw new AppError(
            'CONFLICT',
            'A published program needs at least one lesson. Add another lesson first, or unpublish the program.',
          );
        await repository.deleteLesson(tx, id, lessonId);
        const remaining = lessons.filter((lesson) => lesson.id !== lessonId).map((lesson) => lesson.id);
        await repository.renumberLessons(tx, id, remaining, clock.now());
        await touch(tx, id);
        return detail(tx, id);
      });
    },

    /** The new order names every lesson once; progress is kept (it is stored by lesson id). */
    async reorderLessons(userId: string, id: string, lessonIds: readonly string[]): Promise<ProgramDetail> {
      return db.transaction(async (tx) => {
        await lockOwned(tx, userId, id);
        const current = new Set((await repository.listLessons(tx, id)).map((lesson) => lesson.id));
        const given = new Set(lessonIds);
        if (
          given.size !== lessonIds.length ||
          given.size !== current.size ||
          lessonIds.some((lessonId) => !current.has(lessonId))
        )
          throw new AppError('CONFLICT', PROGRAM_MESSAGES.reorderMismatch);
        await repository.renumberLessons(tx, id, lessonIds, clock.now());
        await touch(tx, id);
        return detail(tx, id);
      });
    },

    // ---- Enrolment and lessons (people who joined).

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

export type ProgramsService = ReturnType<typeof createProgramsService>;
