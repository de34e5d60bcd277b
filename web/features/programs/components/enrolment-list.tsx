import { BookOpen, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { EmptyState, RetryError, SkeletonList, skeletonCardClasses } from '#web/components/list-states';
import { useEnrolments } from '../api/programs';
import { ProgressBar } from './progress-bar';

/** SPEC §2 /client-programs: the programs the person joined, with their progress. */
export function EnrolmentList() {
  const enrolments = useEnrolments();
  if (enrolments.isPending)
    return (
      <SkeletonList
        label="Loading your programs"
        className="grid gap-4 sm:grid-cols-2"
        itemClassName={`h-48 ${skeletonCardClasses}`}
      />
    );
  if (enrolments.isError)
    return <RetryError error={enrolments.error} onRetry={() => void enrolments.refetch()} />;
  if (enrolments.data.enrolments.length === 0)
    return (
      <EmptyState
        as="h2"
        icon={BookOpen}
        title="No programs yet"
        action={
          <Link to="/discover" className={buttonClasses('primary')}>
            Discover coaches
          </Link>
        }
      >
        Programs are step-by-step lessons from coaches that you follow at your own pace. Find a coach you like
        and join one of their programs.
      </EmptyState>
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
