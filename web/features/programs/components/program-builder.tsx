import { ArrowDown, ArrowLeft, ArrowUp, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import {
  PROGRAM_LIMITS,
  PROGRAM_MESSAGES,
  type Lesson,
  type ProgramDetail,
  type ProgramUpdateBody,
} from '../../../../contracts/programs';
import { COACHING_CATEGORIES } from '../../../../domain/coaching/categories';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/dialog';
import { errorText, FormError } from '../../../components/form-error';
import { ImageUpload } from '../../../components/image-upload';
import { TextareaField } from '../../../components/textarea-field';
import { inputClasses, TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { centsToInput, inputToCents } from '../../../lib/money';
import {
  useDeleteLesson,
  useDeleteProgram,
  useProgramDetail,
  usePublishProgram,
  useReorderLessons,
  useUpdateProgram,
} from '../api/programs';
import { focusFirstInvalid } from '../lib/focus-first-invalid';
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
  const [title, setTitle] = useState(program.title);
  const [subtitle, setSubtitle] = useState(program.subtitle ?? '');
  const [description, setDescription] = useState(program.description ?? '');
  const [category, setCategory] = useState(program.category ?? '');
  const [cover, setCover] = useState(program.cover_image_url);
  const [price, setPrice] = useState(centsToInput(program.price));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProgram(program.id);
  const { toast } = useToast();
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (title.trim() === '') found.title = PROGRAM_MESSAGES.titleRequired;
    const cents = inputToCents(price);
    if (cents === undefined || (cents !== null && cents > PROGRAM_LIMITS.priceMax))
      found.price = PROGRAM_MESSAGES.price;
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    try {
      await update.mutateAsync({
        title: title.trim(),
        subtitle: subtitle.trim() || null,
        description: description.trim() || null,
        category: (category || null) as ProgramUpdateBody['category'],
        cover_image_url: cover,
        price: cents ?? 0,
      });
      toast({ title: 'Program saved', description: title.trim() });
    } catch (error) {
      const fields: Record<string, string> = {};
      if (error instanceof ApiError) {
        for (const detail of error.details) fields[detail.path.replace(/^body\./, '')] ??= detail.message;
        if (error.code === 'PAID_PROGRAMS_UNAVAILABLE') fields.price = error.message;
      }
      setErrors(fields);
      focusFirstInvalid(form.current);
    }
  }

  const fieldCount = Object.keys(errors).length;
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-labelledby="program-details-heading"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <h4 id="program-details-heading" className="text-lg font-semibold">
        Details
      </h4>
      <TextField
        label="Title"
        value={title}
        maxLength={PROGRAM_LIMITS.titleMax}
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextField
        label="Subtitle (optional)"
        value={subtitle}
        maxLength={PROGRAM_LIMITS.subtitleMax}
        error={errors.subtitle}
        onChange={(event) => setSubtitle(event.target.value)}
      />
      <TextareaField
        label="Description (optional)"
        value={description}
        rows={4}
        maxLength={PROGRAM_LIMITS.descriptionMax}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-text">
          Category
          <select
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            className={`${inputClasses} font-normal`}
          >
            <option value="">No category</option>
            {COACHING_CATEGORIES.map((entry) => (
              <option key={entry.slug} value={entry.slug}>
                {entry.label}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Price (USD)"
          inputMode="decimal"
          value={price}
          error={errors.price}
          hint={PROGRAM_MESSAGES.paidNotice}
          onChange={(event) => setPrice(event.target.value)}
        />
      </div>
      <ImageUpload
        kind="cover"
        label="Cover picture"
        hint="JPEG, PNG or WebP, up to 5 MB. Shown at the top of the program page."
        value={cover}
        onChange={setCover}
      />
      {errors.cover_image_url ? (
        <p className="text-sm font-medium text-danger">{errors.cover_image_url}</p>
      ) : null}
      <FormError error={update.error && fieldCount === 0 ? update.error : null} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save details'}
        </Button>
      </div>
    </form>
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
    <section
      aria-labelledby="lessons-heading"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
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
    </section>
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
