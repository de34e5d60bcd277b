import {
  type Lesson,
  type ProgramCoach,
  type ProgramDetail,
  type ProgramProgress,
  type ProgramSummary,
} from '#contracts/programs';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { EnrollmentRow, LessonRow, ProgramSummaryRow, ProgramsRepository } from './programs.repository';

export const PROGRAM_GONE = 'This program does not exist or is not public.';

export const LESSON_GONE = 'This lesson does not exist. It may have been removed or renumbered.';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

export function toSummary(row: ProgramSummaryRow): ProgramSummary {
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

export function toCoach(row: ProgramSummaryRow): ProgramCoach {
  return {
    id: row.program.coachId,
    full_name: row.coachName,
    username: row.coachUsername,
    avatar_url: row.coachAvatarUrl,
    professional_title: row.coachTitle,
  };
}

export function toLesson(row: LessonRow): Lesson {
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
export function toProgress(
  enrollment: EnrollmentRow,
  completedIds: string[],
  lessonCount: number,
): ProgramProgress {
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

export type ProgramsDeps = { db: Database; repository: ProgramsRepository; clock: Clock };

/** What the builder, the public pages and enrolment share: a program's detail and a person's progress. */
export function createProgramsShared(deps: ProgramsDeps) {
  const { repository } = deps;

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

  async function progressOf(executor: DbExecutor, enrollment: EnrollmentRow, lessonCount: number) {
    const rows = await repository.completedLessonIds(executor, [enrollment.id]);
    return toProgress(
      enrollment,
      rows.map((row) => row.lessonId),
      lessonCount,
    );
  }

  return { detail, progressOf };
}

export type ProgramsShared = ReturnType<typeof createProgramsShared>;
