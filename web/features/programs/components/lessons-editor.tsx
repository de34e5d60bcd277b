import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { PROGRAM_LIMITS, type Lesson, type ProgramDetail } from '#contracts/programs';
import { Button } from '#web/components/button';
import { Card } from '#web/components/card';
import { DeleteConfirmDialog } from '#web/components/delete-confirm-dialog';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { useDeleteLesson, useReorderLessons } from '../api/programs';
import { LessonFormDialog } from './lesson-form-dialog';

/** A program's lessons in order: add, edit, move up or down (keyboard too) and delete. */
export function LessonsEditor({ program }: { program: ProgramDetail }) {
  const [editing, setEditing] = useState<{ lesson: Lesson | null } | null>(null);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const reorder = useReorderLessons(program.id);
  const remove = useDeleteLesson(program.id);
  const { toast } = useToast();
  const [announcement, setAnnouncement] = useState('');
  const lessons = program.lessons;

  // After a move, the keyboard stays on the moved lesson (on the other arrow when it reached an end).
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, by } = focusAfterMove;
    const preferred = document.getElementById(`lesson-${id}-${by < 0 ? 'up' : 'down'}`);
    const other = document.getElementById(`lesson-${id}-${by < 0 ? 'down' : 'up'}`);
    const target = preferred && !(preferred as HTMLButtonElement).disabled ? preferred : other;
    target?.focus();
  }, [focusAfterMove, lessons]);

  function move(index: number, by: -1 | 1) {
    if (reorder.isPending) return;
    const ids = lessons.map((lesson) => lesson.id);
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    const moved = lessons[index]!;
    setAnnouncement(`“${moved.title}” is now lesson ${target + 1} of ${ids.length}.`);
    setFocusAfterMove({ id: moved.id, by });
    reorder.mutate(ids, {
      onError: (error) => {
        setAnnouncement('');
        toast({ title: 'Update Failed', description: errorText(error), variant: 'destructive' });
      },
    });
  }

  return (
    <Card as="section" padded aria-labelledby="lessons-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h4 id="lessons-heading" className="text-lg font-semibold">
            Lessons
          </h4>
          <p className="text-sm text-text-muted">
            {lessons.length === 0
              ? 'Add at least one lesson before publishing.'
              : 'Use the arrows to change the order. Progress of people who joined is kept.'}
          </p>
        </div>
        <Button
          onClick={() => setEditing({ lesson: null })}
          disabled={lessons.length >= PROGRAM_LIMITS.lessonsPerProgram}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add lesson
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {lessons.length > 0 ? (
        <ol className="flex flex-col divide-y divide-border rounded-[var(--radius-control)] border border-border">
          {lessons.map((lesson, index) => (
            <li key={lesson.id} className="flex flex-wrap items-center gap-3 p-3">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary tabular-nums">
                {lesson.number}
              </span>
              <div className="min-w-40 flex-1">
                <p className="font-medium wrap-anywhere">{lesson.title}</p>
                <p className="text-xs text-text-muted">
                  {[
                    lesson.duration_minutes ? `${lesson.duration_minutes} min` : null,
                    lesson.video_url ? 'Video link' : null,
                    lesson.image_urls.length > 0
                      ? `${lesson.image_urls.length} ${lesson.image_urls.length === 1 ? 'picture' : 'pictures'}`
                      : null,
                    lesson.body.trim() === '' ? 'No text yet' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || 'Text'}
                </p>
              </div>
              <div className="ml-auto flex gap-1">
                <IconButton
                  id={`lesson-${lesson.id}-up`}
                  label={`Move “${lesson.title}” up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton
                  id={`lesson-${lesson.id}-down`}
                  label={`Move “${lesson.title}” down`}
                  disabled={index === lessons.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton label={`Edit “${lesson.title}”`} onClick={() => setEditing({ lesson })}>
                  <Pencil aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton label={`Delete “${lesson.title}”`} onClick={() => setDeleting(lesson)}>
                  <Trash2 aria-hidden="true" className="size-4 text-danger" />
                </IconButton>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {editing ? (
        <LessonFormDialog programId={program.id} lesson={editing.lesson} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this lesson?"
        description={
          deleting
            ? `“${deleting.title}” will be removed; the lessons after it move up one place. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete lesson"
        mutation={remove}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </Card>
  );
}

function IconButton({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'>) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="inline-flex size-11 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text disabled:cursor-not-allowed disabled:opacity-40"
      {...props}
    >
      {children}
    </button>
  );
}
