import { ImagePlus, X } from 'lucide-react';
import type { z } from 'zod';
import { PROGRAM_LIMITS, type Lesson } from '#contracts/programs';
import { Dialog } from '#web/components/dialog';
import { FieldError } from '#web/components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormActions, formLevelError } from '#web/components/form-actions';
import { ImageUpload } from '#web/components/image-upload';
import { TextareaField } from '#web/components/textarea-field';
import { TextField } from '#web/components/text-field';
import { useSaveLesson } from '../api/programs';
import { lessonFieldOfPath, lessonFormSchema, lessonFormValues } from '../lib/program-forms';

/** Add or edit a lesson: title, plain text, pictures (uploaded here) and an https video link. */
export function LessonFormDialog({
  programId,
  lesson,
  onClose,
}: {
  programId: string;
  /** null: a new lesson, added at the end. */
  lesson: Lesson | null;
  onClose: () => void;
}) {
  const form = useZodForm(lessonFormSchema, { defaultValues: lessonFormValues(lesson) });
  const save = useSaveLesson(programId);
  const [body, images] = form.watch(['body', 'image_urls']);
  const setImages = (update: (previous: string[]) => string[]) =>
    form.setValue('image_urls', update(form.getValues('image_urls')));
  const error = (name: string) => fieldError(form, name);

  async function submit(lessonBody: z.output<typeof lessonFormSchema>) {
    try {
      await save.mutateAsync({ lessonId: lesson?.id ?? null, body: lessonBody });
      onClose();
    } catch (failure) {
      applyServerErrors(form, failure, lessonFieldOfPath);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={lesson ? `Edit lesson ${lesson.number}` : 'New lesson'}
      description="Plain text: leave an empty line between paragraphs."
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Lesson title"
          maxLength={PROGRAM_LIMITS.lessonTitleMax}
          error={error('title')}
          {...form.register('title')}
        />
        <TextareaField
          label="Lesson text"
          value={body}
          rows={8}
          maxLength={PROGRAM_LIMITS.lessonBodyMax}
          error={error('body')}
          {...form.register('body')}
        />
        <TextField
          label="Video link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          error={error('video_url')}
          hint="Shown as a link that opens the video in a new tab."
          {...form.register('video_url')}
        />
        <TextField
          label="Length in minutes (optional)"
          inputMode="numeric"
          error={error('duration_minutes')}
          {...form.register('duration_minutes')}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1.5 text-sm font-medium text-text">
            Pictures ({images.length}/{PROGRAM_LIMITS.lessonImages})
          </legend>
          {images.length > 0 ? (
            <ul className="grid grid-cols-2 gap-2">
              {images.map((url, index) => (
                <li key={url} className="relative">
                  <img
                    src={url}
                    alt={`Picture ${index + 1}`}
                    className="aspect-[3/2] w-full rounded-[var(--radius-control)] border border-border object-cover"
                  />
                  <button
                    type="button"
                    aria-label={`Remove picture ${index + 1}`}
                    onClick={() => setImages((previous) => previous.filter((entry) => entry !== url))}
                    className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-surface/90 text-text shadow-soft hover:bg-surface"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {images.length < PROGRAM_LIMITS.lessonImages ? (
            <ImageUpload
              key={images.length}
              kind="cover"
              label="Add a picture"
              hint="JPEG, PNG or WebP, up to 5 MB."
              value={null}
              placeholder={
                <span className="inline-flex items-center gap-2">
                  <ImagePlus aria-hidden="true" className="size-4" />
                  No picture chosen
                </span>
              }
              onChange={(url) => {
                if (url) setImages((previous) => [...previous, url]);
              }}
            />
          ) : null}
          <FieldError error={error('image_urls')} />
        </fieldset>
        <FormActions
          submitLabel={lesson ? 'Save lesson' : 'Add lesson'}
          pending={save.isPending}
          error={formLevelError(save.error, lessonFieldOfPath)}
          onCancel={onClose}
        />
      </Form>
    </Dialog>
  );
}
