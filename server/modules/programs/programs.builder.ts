import {
  PROGRAM_LIMITS,
  PROGRAM_MESSAGES,
  type LessonCreateBody,
  type LessonUpdateBody,
  type ProgramCreateBody,
  type ProgramDetail,
  type ProgramSummary,
  type ProgramUpdateBody,
} from '#contracts/programs';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import type { LessonChanges, ProgramChanges, ProgramRow } from './programs.repository';
import {
  blankToNull,
  LESSON_GONE,
  PROGRAM_GONE,
  toSummary,
  type ProgramsDeps,
  type ProgramsShared,
} from './programs.shared';

/** The builder: a coach's own programs and their lessons. */
export function createProgramsBuilder(deps: ProgramsDeps, shared: ProgramsShared) {
  const { db, repository, clock } = deps;
  const { detail } = shared;

  /** The owner's program, locked; someone else's id is NOT_FOUND. */
  async function lockOwned(executor: DbExecutor, userId: string, id: string): Promise<ProgramRow> {
    const program = await repository.lockOwned(executor, userId, id);
    if (!program) throw new AppError('NOT_FOUND', PROGRAM_GONE);
    return program;
  }

  async function touch(executor: DbExecutor, id: string) {
    await repository.update(executor, id, { updatedAt: clock.now() });
  }

  return {
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
  };
}
