import { ArrowLeft, ArrowRight, Check, CheckCircle2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { LessonView } from '#contracts/programs';
import { Button, buttonClasses } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { useCompleteLesson, useLesson } from '../api/programs';
import { LessonContent } from './lesson-content';
import { ProgramError } from './not-available';
import { PageSkeleton } from './page-skeleton';
import { ProgressBar } from './progress-bar';

/** SPEC §2 /program/:programId/lesson/:lessonNumber: the lesson, previous/next, Mark complete, progress. */
export function LessonReader({ programId, lessonNumber }: { programId: string; lessonNumber: number }) {
  const lesson = useLesson(programId, lessonNumber);
  if (lesson.isPending) return <PageSkeleton of="lesson" />;
  if (lesson.isError) return <ProgramError error={lesson.error} onRetry={() => void lesson.refetch()} />;
  return <Loaded view={lesson.data} />;
}

function Loaded({ view }: { view: LessonView }) {
  const { program, lesson, progress } = view;
  const complete = useCompleteLesson(program.id, lesson.number);
  const navigate = useNavigate();
  const { toast } = useToast();
  const hasNext = lesson.number < program.lesson_count;
  const base = `/program/${program.id}/lesson`;

  function markComplete() {
    complete.mutate(undefined, {
      onSuccess: ({ progress: saved }) => {
        if (saved.completed_at && saved.completed_count >= saved.lesson_count)
          toast({ title: 'Program completed!', description: `You finished “${program.title}”.` });
        else if (hasNext) void navigate(`${base}/${lesson.number + 1}`);
      },
      onError: (error) =>
        toast({ title: 'Update Failed', description: errorText(error), variant: 'destructive' }),
    });
  }

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to={`/program/${program.id}`}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {program.title}
      </Link>
      {progress ? (
        <div className="mt-4">
          <ProgressBar
            done={progress.completed_count}
            total={progress.lesson_count}
            label="Your progress in this program"
          />
        </div>
      ) : (
        <p className="mt-4 rounded-[var(--radius-control)] bg-primary-soft px-3 py-2 text-sm text-primary">
          You are previewing your own program, as people who join see it.
        </p>
      )}
      <p className="mt-6 text-sm font-semibold text-text-muted">
        Lesson {lesson.number} of {program.lesson_count}
        {lesson.duration_minutes ? ` · ${lesson.duration_minutes} min` : ''}
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{lesson.title}</h1>
      <div className="mt-6">
        <LessonContent lesson={lesson} />
      </div>

      <div className="mt-10 flex flex-col gap-4 border-t border-border pt-6">
        {progress ? (
          view.completed ? (
            <p className="flex items-center gap-2 font-medium text-success" role="status">
              <CheckCircle2 aria-hidden="true" className="size-5" />
              You completed this lesson.
            </p>
          ) : (
            <Button onClick={markComplete} disabled={complete.isPending} className="self-start">
              <Check aria-hidden="true" className="size-4" />
              {complete.isPending ? 'Saving…' : hasNext ? 'Mark complete and continue' : 'Mark complete'}
            </Button>
          )
        ) : null}
        <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-2">
          {lesson.number > 1 ? (
            <Link to={`${base}/${lesson.number - 1}`} className={buttonClasses('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Previous lesson
            </Link>
          ) : (
            <span />
          )}
          {hasNext ? (
            <Link to={`${base}/${lesson.number + 1}`} className={buttonClasses('secondary')}>
              Next lesson
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <Link to={`/program/${program.id}`} className={buttonClasses('secondary')}>
              Back to the program
            </Link>
          )}
        </nav>
      </div>
    </article>
  );
}
