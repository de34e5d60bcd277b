import { z } from 'zod';
import {
  lessonCreateBodySchema,
  PROGRAM_LIMITS,
  PROGRAM_MESSAGES,
  programUpdateBodySchema,
  type Lesson,
  type ProgramDetail,
  type ProgramUpdateBody,
} from '#contracts/programs';
import { centsToInput, inputToCents } from '#web/lib/money';

/** The program's details as typed (API field names), checked with the contract's messages, sent as the update body. */
export const programDetailsFormSchema = z
  .object({
    title: z.string().refine((title) => title.trim() !== '', PROGRAM_MESSAGES.titleRequired),
    subtitle: z.string(),
    description: z.string(),
    category: z.string(),
    cover_image_url: z.string().nullable(),
    price: z.string().refine((price) => {
      const cents = inputToCents(price);
      return cents !== undefined && (cents === null || cents <= PROGRAM_LIMITS.priceMax);
    }, PROGRAM_MESSAGES.price),
  })
  .transform((draft): ProgramUpdateBody => ({
    title: draft.title.trim(),
    subtitle: draft.subtitle.trim() || null,
    description: draft.description.trim() || null,
    category: (draft.category || null) as ProgramUpdateBody['category'],
    cover_image_url: draft.cover_image_url,
    price: inputToCents(draft.price) ?? 0,
  }))
  .pipe(programUpdateBodySchema);

export const programDetailsFormValues = (
  program: ProgramDetail,
): z.input<typeof programDetailsFormSchema> => ({
  title: program.title,
  subtitle: program.subtitle ?? '',
  description: program.description ?? '',
  category: program.category ?? '',
  cover_image_url: program.cover_image_url,
  price: centsToInput(program.price),
});

/** A lesson as typed (API field names): the browser's checks with the contract's messages, then the contract. */
export const lessonFormSchema = z
  .object({
    title: z.string().refine((title) => title.trim() !== '', PROGRAM_MESSAGES.lessonTitleRequired),
    body: z.string(),
    image_urls: z.array(z.string()),
    video_url: z
      .string()
      .refine(
        (video) => video.trim() === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(video.trim()),
        PROGRAM_MESSAGES.videoUrl,
      ),
    duration_minutes: z.string().refine((text) => {
      const length = text.trim();
      return (
        length === '' ||
        (/^\d+$/.test(length) && Number(length) >= 1 && Number(length) <= PROGRAM_LIMITS.lessonMinutesMax)
      );
    }, PROGRAM_MESSAGES.lessonMinutes),
  })
  .transform((draft): z.input<typeof lessonCreateBodySchema> => ({
    title: draft.title.trim(),
    body: draft.body,
    image_urls: draft.image_urls,
    video_url: draft.video_url.trim() === '' ? null : draft.video_url.trim(),
    duration_minutes: draft.duration_minutes.trim() === '' ? null : Number(draft.duration_minutes.trim()),
  }))
  .pipe(lessonCreateBodySchema);

export const lessonFormValues = (lesson: Lesson | null): z.input<typeof lessonFormSchema> => ({
  title: lesson?.title ?? '',
  body: lesson?.body ?? '',
  image_urls: lesson?.image_urls ?? [],
  video_url: lesson?.video_url ?? '',
  duration_minutes: lesson?.duration_minutes ? String(lesson.duration_minutes) : '',
});

/** Server messages about one picture (`image_urls.1`) are shown for the pictures as a whole. */
export const lessonFieldOfPath = (path: string) => path.split('.')[0];
