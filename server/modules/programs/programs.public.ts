import type { ProgramSummary, PublicProgram } from '#contracts/programs';
import { AppError } from '#domain/errors/app-error';
import { PROGRAM_GONE, toCoach, toSummary, type ProgramsDeps, type ProgramsShared } from './programs.shared';

/** What anyone sees: a coach's published programs, and one program's outline. */
export function createProgramsPublic(deps: ProgramsDeps, shared: ProgramsShared) {
  const { db, repository } = deps;
  const { progressOf } = shared;

  return {
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
  };
}
