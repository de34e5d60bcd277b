import { BookOpen, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { useEnrolments } from '../api/programs';
import { ProgressBar } from './progress-bar';

/** SPEC §2 /client-programs: the programs the person joined, with their progress. */
export function EnrolmentList() {
  const enrolments = useEnrolments();
  if (enrolments.isPending)
    return (
      <ul aria-busy="true" aria-label="Loading your programs" className="grid gap-4 sm:grid-cols-2">
        {[0, 1].map((index) => (
          <li
            key={index}
            className="h-48 animate-pulse rounded-[var(--radius-card)] border border-border bg-surface"
          />
        ))}
      </ul>
    );
  if (enrolments.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError error={enrolments.error} />
        <Button variant="secondary" onClick={() => void enrolments.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (enrolments.data.enrolments.length === 0)
    return (
      <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-border bg-surface px-6 py-12 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <BookOpen aria-hidden="true" className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">No programs yet</h2>
        <p className="mt-2 max-w-md text-sm text-text-muted">
          Programs are step-by-step lessons from coaches that you follow at your own pace. Find a coach you
          like and join one of their programs.
        </p>
        <Link to="/discover" className={buttonClasses('primary', 'mt-6')}>
          Discover coaches
        </Link>
      </div>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {enrolments.data.enrolments.map(({ program, coach, progress }) => {
        const finished = progress.completed_at !== null;
        return (
          <li
            key={program.id}
            className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface shadow-soft"
          >
            {program.cover_image_url ? (
              <img src={program.cover_image_url} alt="" className="aspect-[3/1] w-full object-cover" />
            ) : (
              <div
                aria-hidden="true"
                className="aspect-[3/1] w-full bg-gradient-to-br from-primary-soft to-accent-soft"
              />
            )}
            <div className="flex flex-1 flex-col gap-3 p-4">
              <div>
                <h2 className="font-semibold wrap-anywhere">
                  <Link to={`/program/${program.id}`} className="hover:underline">
                    {program.title}
                  </Link>
                </h2>
                <p className="text-sm text-text-muted">with {coach.full_name ?? 'your coach'}</p>
              </div>
              <ProgressBar
                done={progress.completed_count}
                total={progress.lesson_count}
                label={`Your progress in ${program.title}`}
              />
              <Link
                to={
                  finished
                    ? `/program/${program.id}`
                    : `/program/${program.id}/lesson/${nextLesson(progress)}`
                }
                className={buttonClasses(finished ? 'secondary' : 'primary', 'mt-auto self-start')}
              >
                <PlayCircle aria-hidden="true" className="size-4" />
                {finished ? 'Finished · view program' : progress.completed_count === 0 ? 'Start' : 'Continue'}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Without the lesson list here, continue where they last were (the program page picks the first unfinished). */
const nextLesson = (progress: { last_lesson_number: number; lesson_count: number }) =>
  Math.min(Math.max(progress.last_lesson_number, 1), Math.max(progress.lesson_count, 1));
