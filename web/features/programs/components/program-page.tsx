import { CheckCircle2, Circle, Clock3, Lock, LogIn, PlayCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PROGRAM_MESSAGES, type PublicProgram } from '#contracts/programs';
import { categoryLabel } from '#domain/coaching/categories';
import { Avatar } from '#web/components/avatar';
import { Button, buttonClasses } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { useAuth } from '#web/lib/auth/use-auth';
import { formatCents } from '#web/lib/money';
import { useEnrol, usePublicProgram } from '../api/programs';
import { continueLessonNumber, paragraphsOf } from '../lib/lesson-text';
import { ProgramError } from './not-available';
import { PageSkeleton } from './page-skeleton';
import { ProgressBar } from './progress-bar';

/** SPEC §2 /program/:id: a program as anyone sees it, with Join / Continue (anonymous: sign in and come back). */
export function ProgramPage({ programId }: { programId: string }) {
  const auth = useAuth();
  const program = usePublicProgram(programId, auth.user?.id ?? 'anonymous');
  if (program.isPending || auth.status === 'loading') return <PageSkeleton of="program" />;
  if (program.isError) return <ProgramError error={program.error} onRetry={() => void program.refetch()} />;
  return <Loaded program={program.data} signedIn={auth.status === 'signed_in'} />;
}

function Loaded({ program, signedIn }: { program: PublicProgram; signedIn: boolean }) {
  const { viewer } = program;
  const canRead = viewer.is_owner || viewer.progress !== null;
  const done = new Set(viewer.progress?.completed_lesson_ids ?? []);
  const description = paragraphsOf(program.description ?? '');
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      {program.cover_image_url ? (
        <img
          src={program.cover_image_url}
          alt=""
          className="mb-6 aspect-[3/1] w-full rounded-[var(--radius-sheet)] border border-border object-cover"
        />
      ) : null}
      {viewer.is_owner && program.status !== 'published' ? (
        <p className="mb-4 rounded-[var(--radius-control)] border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning">
          A draft: only you can see this page. Publish it from your Services page.
        </p>
      ) : null}
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">
        Program{program.category ? ` · ${categoryLabel(program.category)}` : ''}
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{program.title}</h1>
      {program.subtitle ? <p className="mt-2 text-lg text-text-muted">{program.subtitle}</p> : null}

      <div className="mt-4 flex items-center gap-3">
        <Avatar name={program.coach.full_name} src={program.coach.avatar_url} className="size-10 text-sm" />
        <div className="text-sm">
          <p className="font-semibold">
            {program.coach.username ? (
              <Link to={`/coach/${program.coach.username}`} className="hover:underline">
                {program.coach.full_name ?? program.coach.username}
              </Link>
            ) : (
              (program.coach.full_name ?? 'Your coach')
            )}
          </p>
          {program.coach.professional_title ? (
            <p className="text-text-muted">{program.coach.professional_title}</p>
          ) : null}
        </div>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="order-2 flex flex-col gap-6 lg:order-1">
          {description.length > 0 ? (
            <div className="flex flex-col gap-3 leading-7 wrap-anywhere">
              {description.map((lines, index) => (
                <p key={index}>{lines.join(' ')}</p>
              ))}
            </div>
          ) : null}
          <section aria-labelledby="lessons-title">
            <h2 id="lessons-title" className="text-lg font-semibold">
              {program.lesson_count} {program.lesson_count === 1 ? 'lesson' : 'lessons'}
            </h2>
            {program.lessons.length === 0 ? (
              <p className="mt-2 text-sm text-text-muted">No lessons yet.</p>
            ) : (
              <ol className="mt-3 flex flex-col divide-y divide-border rounded-[var(--radius-card)] border border-border bg-surface">
                {program.lessons.map((lesson) => {
                  const finished = done.has(lesson.id);
                  const inner = (
                    <>
                      {canRead ? (
                        finished ? (
                          <CheckCircle2 aria-label="Done" className="size-5 shrink-0 text-success" />
                        ) : (
                          <Circle aria-label="Not done yet" className="size-5 shrink-0 text-text-muted" />
                        )
                      ) : (
                        <Lock aria-hidden="true" className="size-4 shrink-0 text-text-muted" />
                      )}
                      <span className="w-6 shrink-0 text-sm text-text-muted tabular-nums">
                        {lesson.number}
                      </span>
                      <span className="min-w-0 flex-1 wrap-anywhere">{lesson.title}</span>
                      {lesson.duration_minutes ? (
                        <span className="flex shrink-0 items-center gap-1 text-sm text-text-muted">
                          <Clock3 aria-hidden="true" className="size-3.5" />
                          {lesson.duration_minutes} min
                        </span>
                      ) : null}
                    </>
                  );
                  return (
                    <li key={lesson.id}>
                      {canRead ? (
                        <Link
                          to={`/program/${program.id}/lesson/${lesson.number}`}
                          className="flex min-h-12 items-center gap-3 px-4 py-3 hover:bg-surface-sunken"
                        >
                          {inner}
                        </Link>
                      ) : (
                        <div className="flex min-h-12 items-center gap-3 px-4 py-3">{inner}</div>
                      )}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        </div>
        <aside className="order-1 lg:order-2">
          <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft lg:sticky lg:top-6">
            <p className="text-2xl font-semibold tabular-nums">
              {program.price === 0 ? 'Free' : formatCents(program.price)}
            </p>
            <JoinPanel program={program} signedIn={signedIn} />
          </div>
        </aside>
      </div>
    </article>
  );
}

function JoinPanel({ program, signedIn }: { program: PublicProgram; signedIn: boolean }) {
  const enrol = useEnrol(program.id);
  const navigate = useNavigate();
  const { viewer } = program;
  const here = `/program/${program.id}`;

  if (!signedIn)
    return (
      <>
        <Link
          to={`/auth?redirect=${encodeURIComponent(here)}`}
          className={buttonClasses('primary', 'w-full')}
        >
          <LogIn aria-hidden="true" className="size-4" />
          Sign in to join
        </Link>
        <p className="text-sm text-text-muted">You come back here after signing in.</p>
      </>
    );
  if (viewer.is_owner)
    return (
      <>
        <Link
          to={`/program/${program.id}/lesson/1`}
          aria-disabled={program.lesson_count === 0}
          className={buttonClasses(
            'secondary',
            `w-full ${program.lesson_count === 0 ? 'pointer-events-none opacity-60' : ''}`,
          )}
        >
          <PlayCircle aria-hidden="true" className="size-4" />
          Preview the lessons
        </Link>
        <p className="text-sm text-text-muted">
          This is your program. {program.enrolled_count}{' '}
          {program.enrolled_count === 1 ? 'person has' : 'people have'} joined.{' '}
          <Link to="/services" className="font-medium text-primary underline">
            Edit it
          </Link>
        </p>
      </>
    );
  if (viewer.progress) {
    const next = continueLessonNumber(program.lessons, viewer.progress);
    const finished = viewer.progress.completed_at !== null;
    return (
      <>
        <ProgressBar
          done={viewer.progress.completed_count}
          total={viewer.progress.lesson_count}
          label="Your progress in this program"
        />
        <Link to={`/program/${program.id}/lesson/${next}`} className={buttonClasses('primary', 'w-full')}>
          <PlayCircle aria-hidden="true" className="size-4" />
          {finished
            ? 'Read again'
            : viewer.progress.completed_count === 0
              ? 'Start lesson 1'
              : `Continue with lesson ${next}`}
        </Link>
        {finished ? (
          <p className="text-sm font-medium text-success">You finished this program. Well done.</p>
        ) : null}
      </>
    );
  }
  if (program.price > 0)
    return (
      <>
        <Button disabled className="w-full">
          Join program
        </Button>
        <p className="text-sm text-text-muted">{PROGRAM_MESSAGES.paidNotice}</p>
      </>
    );
  return (
    <>
      <Button
        className="w-full"
        disabled={enrol.isPending || program.lesson_count === 0}
        onClick={() =>
          enrol.mutate(undefined, { onSuccess: () => void navigate(`/program/${program.id}/lesson/1`) })
        }
      >
        {enrol.isPending ? 'Joining…' : 'Join for free'}
      </Button>
      <p className="text-sm text-text-muted">Go at your own pace; your progress is saved.</p>
      <FormError error={enrol.error} />
    </>
  );
}
