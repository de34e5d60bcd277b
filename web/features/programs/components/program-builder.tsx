import { ArrowDown, ArrowLeft, ArrowUp, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  PROGRAM_LIMITS,
  PROGRAM_MESSAGES,
  type Lesson,
  type ProgramDetail,
} from '../../../../contracts/programs';
import { COACHING_CATEGORIES } from '../../../../domain/coaching/categories';
import { Button } from '../../../components/button';
import { Card, paddedCardClasses } from '../../../components/card';
import { ConfirmDialog } from '../../../components/dialog';
import { FieldError, SelectField } from '../../../components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '../../../components/form';
import { errorText, FormError } from '../../../components/form-error';
import { ImageUpload } from '../../../components/image-upload';
import { TextareaField } from '../../../components/textarea-field';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import {
  useDeleteLesson,
  useDeleteProgram,
  useProgramDetail,
  usePublishProgram,
  useReorderLessons,
  useUpdateProgram,
} from '../api/programs';
import { programDetailsFormSchema, programDetailsFormValues } from '../lib/program-forms';
import { LessonFormDialog } from './lesson-form-dialog';
import { StatusBadge } from './status-badge';

/** One program in the builder: its details, its lessons in order (keyboard up/down), publishing. */
export function ProgramBuilder({ programId, onClose }: { programId: string; onClose: () => void }) {
  const program = useProgramDetail(programId);
  const top = useRef<HTMLDivElement>(null);
  // Opening a program brings the builder into view and puts the keyboard at its start.
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={top} className="flex scroll-mt-20 flex-col gap-4">
      <div>
        <Button variant="ghost" onClick={onClose} className="-ml-3">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All programs
        </Button>
      </div>
      {program.isPending ? (
        <div
          aria-busy="true"
          aria-label="Loading the program"
          className="h-64 animate-pulse rounded-[var(--radius-card)] bg-surface"
        />
      ) : program.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FormError error={program.error} />
          <Button variant="secondary" onClick={() => void program.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Loaded program={program.data} onClose={onClose} />
      )}
    </div>
  );
}

function Loaded({ program, onClose }: { program: ProgramDetail; onClose: () => void }) {
  const publish = usePublishProgram(program.id);
  const { toast } = useToast();
  const [deleting, setDeleting] = useState(false);
  const published = program.status === 'published';
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-xl font-semibold wrap-anywhere">{program.title}</h3>
            <StatusBadge status={program.status} />
          </div>
          <p className="mt-1 text-sm text-text-muted">
            {published
              ? `Public at /program/${program.id.slice(0, 8)}… · ${program.enrolled_count} joined`
              : 'A draft: only you can see it.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/program/${program.id}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-[var(--radius-control)] border border-border bg-surface px-4 text-sm font-semibold hover:bg-surface-sunken"
          >
            <Eye aria-hidden="true" className="size-4" />
            Preview
          </Link>
          <Button
            variant={published ? 'secondary' : 'primary'}
            disabled={publish.isPending}
            onClick={() =>
              publish.mutate(!published, {
                onSuccess: () =>
                  toast({
                    title: published ? 'Program unpublished' : 'Program published',
                    description: published
                      ? 'New people cannot join; those who joined keep their lessons.'
                      : 'It now appears on your page.',
                  }),
              })
            }
          >
            {publish.isPending ? 'Saving…' : published ? 'Unpublish' : 'Publish'}
          </Button>
        </div>
      </div>
      <FormError error={publish.error} />

      <DetailsForm key={program.updated_at} program={program} />
      <LessonsEditor program={program} />

      <div className="flex justify-end">
        <Button variant="ghost" className="text-danger" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete program
        </Button>
      </div>
      <DeleteProgramDialog
        program={deleting ? program : null}
        onCancel={() => setDeleting(false)}
        onDeleted={() => {
          toast({ title: 'Program deleted', description: program.title });
          onClose();
        }}
      />
    </>
  );
}

function DetailsForm({ program }: { program: ProgramDetail }) {
  const form = useZodForm(programDetailsFormSchema, { defaultValues: programDetailsFormValues(program) });
  const update = useUpdateProgram(program.id);
  const { toast } = useToast();
  const [description, cover] = form.watch(['description', 'cover_image_url']);
  const error = (name: string) => fieldError(form, name);

  async function submit(body: z.output<typeof programDetailsFormSchema>) {
    try {
      await update.mutateAsync(body);
      toast({ title: 'Program saved', description: body.title });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'PAID_PROGRAMS_UNAVAILABLE')
        form.setError('price', { type: 'server', message: failure.message }, { shouldFocus: true });
      else applyServerErrors(form, failure);
    }
  }

  const fieldCount = Object.keys(form.formState.errors).length;
  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-labelledby="program-details-heading"
      className={`flex flex-col gap-4 ${paddedCardClasses}`}
    >
      <h4 id="program-details-heading" className="text-lg font-semibold">
        Details
      </h4>
      <TextField
        label="Title"
        maxLength={PROGRAM_LIMITS.titleMax}
        error={error('title')}
        {...form.register('title')}
      />
      <TextField
        label="Subtitle (optional)"
        maxLength={PROGRAM_LIMITS.subtitleMax}
        error={error('subtitle')}
        {...form.register('subtitle')}
      />
      <TextareaField
        label="Description (optional)"
        value={description}
        rows={4}
        maxLength={PROGRAM_LIMITS.descriptionMax}
        error={error('description')}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Category" {...form.register('category')}>
          <option value="">No category</option>
          {COACHING_CATEGORIES.map((entry) => (
            <option key={entry.slug} value={entry.slug}>
              {entry.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Price (USD)"
          inputMode="decimal"
          error={error('price')}
          hint={PROGRAM_MESSAGES.paidNotice}
          {...form.register('price')}
        />
      </div>
      <ImageUpload
        kind="cover"
        label="Cover picture"
        hint="JPEG, PNG or WebP, up to 5 MB. Shown at the top of the program page."
        value={cover}
        onChange={(url) => form.setValue('cover_image_url', url)}
      />
      <FieldError error={error('cover_image_url')} />
      <FormError error={update.error && fieldCount === 0 ? update.error : null} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save details'}
        </Button>
      </div>
    </Form>
  );
}

function LessonsEditor({ program }: { program: ProgramDetail }) {
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            remove.reset();
            setDeleting(null);
          }
        }}
        title="Delete this lesson?"
        description={
          deleting
            ? `“${deleting.title}” will be removed; the lessons after it move up one place. This cannot be undone.`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              className="bg-danger text-background hover:bg-danger/90"
              disabled={remove.isPending}
              onClick={() => {
                if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
              }}
            >
              {remove.isPending ? 'Deleting…' : 'Delete lesson'}
            </Button>
          </>
        }
      >
        <FormError error={remove.error} />
      </ConfirmDialog>
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

function DeleteProgramDialog({
  program,
  onCancel,
  onDeleted,
}: {
  program: ProgramDetail | null;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteProgram();
  return (
    <ConfirmDialog
      open={program !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onCancel();
        }
      }}
      title="Delete this program?"
      description={
        program
          ? `“${program.title}”, its ${program.lesson_count} lessons and the progress of the ${program.enrolled_count} people who joined will be deleted. This cannot be undone.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Keep it
          </Button>
          <Button
            className="bg-danger text-background hover:bg-danger/90"
            disabled={remove.isPending}
            onClick={() => {
              if (program) remove.mutate(program.id, { onSuccess: onDeleted });
            }}
          >
            {remove.isPending ? 'Deleting…' : 'Delete program'}
          </Button>
        </>
      }
    >
      <FormError error={remove.error} />
    </ConfirmDialog>
  );
}
