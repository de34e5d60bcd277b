import { ImagePlus, X } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { PROGRAM_LIMITS, PROGRAM_MESSAGES, type Lesson } from '../../../../contracts/programs';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { ImageUpload } from '../../../components/image-upload';
import { TextareaField } from '../../../components/textarea-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useSaveLesson } from '../api/programs';
import { focusFirstInvalid } from '../lib/focus-first-invalid';

function fieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (error instanceof ApiError)
    for (const detail of error.details)
      fields[detail.path.replace(/^body\./, '').split('.')[0]!] ??= detail.message;
  return fields;
}

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
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [body, setBody] = useState(lesson?.body ?? '');
  const [images, setImages] = useState<string[]>(lesson?.image_urls ?? []);
  const [videoUrl, setVideoUrl] = useState(lesson?.video_url ?? '');
  const [minutes, setMinutes] = useState(lesson?.duration_minutes ? String(lesson.duration_minutes) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveLesson(programId);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (title.trim() === '') found.title = PROGRAM_MESSAGES.lessonTitleRequired;
    const video = videoUrl.trim();
    if (video !== '' && !/^https:\/\/[^\s/]+\.[^\s]+$/i.test(video))
      found.video_url = PROGRAM_MESSAGES.videoUrl;
    const length = minutes.trim();
    if (
      length !== '' &&
      (!/^\d+$/.test(length) || Number(length) < 1 || Number(length) > PROGRAM_LIMITS.lessonMinutesMax)
    )
      found.duration_minutes = PROGRAM_MESSAGES.lessonMinutes;
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    try {
      await save.mutateAsync({
        lessonId: lesson?.id ?? null,
        body: {
          title: title.trim(),
          body,
          image_urls: images,
          video_url: video === '' ? null : video,
          duration_minutes: length === '' ? null : Number(length),
        },
      });
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
      focusFirstInvalid(form.current);
    }
  }

  const serverFields = fieldErrors(save.error);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={lesson ? `Edit lesson ${lesson.number}` : 'New lesson'}
      description="Plain text: leave an empty line between paragraphs."
    >
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Lesson title"
          value={title}
          maxLength={PROGRAM_LIMITS.lessonTitleMax}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextareaField
          label="Lesson text"
          value={body}
          rows={8}
          maxLength={PROGRAM_LIMITS.lessonBodyMax}
          error={errors.body}
          onChange={(event) => setBody(event.target.value)}
        />
        <TextField
          label="Video link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={videoUrl}
          error={errors.video_url}
          hint="Shown as a link that opens the video in a new tab."
          onChange={(event) => setVideoUrl(event.target.value)}
        />
        <TextField
          label="Length in minutes (optional)"
          inputMode="numeric"
          value={minutes}
          error={errors.duration_minutes}
          onChange={(event) => setMinutes(event.target.value)}
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
          {errors.image_urls ? <p className="text-sm font-medium text-danger">{errors.image_urls}</p> : null}
        </fieldset>
        <FormError error={save.error && Object.keys(serverFields).length === 0 ? save.error : null} />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : lesson ? 'Save lesson' : 'Add lesson'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
