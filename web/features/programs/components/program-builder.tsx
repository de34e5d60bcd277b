import { ArrowLeft, Eye, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PROGRAM_LIMITS, PROGRAM_MESSAGES, type ProgramDetail } from '#contracts/programs';
import { COACHING_CATEGORIES } from '#domain/coaching/categories';
import { Button } from '#web/components/button';
import { paddedCardClasses } from '#web/components/card';
import { DeleteConfirmDialog } from '#web/components/delete-confirm-dialog';
import { FieldError, SelectField } from '#web/components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { ImageUpload } from '#web/components/image-upload';
import { RetryError } from '#web/components/list-states';
import { TextareaField } from '#web/components/textarea-field';
import { TextField } from '#web/components/text-field';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { useDeleteProgram, useProgramDetail, usePublishProgram, useUpdateProgram } from '../api/programs';
import { programDetailsFormSchema, programDetailsFormValues } from '../lib/program-forms';
import { ProgramHeading } from './status-badge';
import { LessonsEditor } from './lessons-editor';

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
        <RetryError error={program.error} onRetry={() => void program.refetch()} />
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
        <ProgramHeading
          title={program.title}
          status={program.status}
          className="min-w-0"
          titleClassName="text-xl font-semibold"
        >
          {published
            ? `Public at /program/${program.id.slice(0, 8)}… · ${program.enrolled_count} joined`
            : 'A draft: only you can see it.'}
        </ProgramHeading>
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
    <DeleteConfirmDialog
      open={program !== null}
      onClose={onCancel}
      title="Delete this program?"
      description={
        program
          ? `“${program.title}”, its ${program.lesson_count} lessons and the progress of the ${program.enrolled_count} people who joined will be deleted. This cannot be undone.`
          : undefined
      }
      confirmLabel="Delete program"
      mutation={remove}
      onConfirm={() => {
        if (program) remove.mutate(program.id, { onSuccess: onDeleted });
      }}
    />
  );
}
