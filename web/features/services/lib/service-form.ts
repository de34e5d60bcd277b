import { z } from 'zod';
import {
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  serviceCreateBodySchema,
  type Service,
  type ServiceCreateBody,
} from '#contracts/services';
import { SESSION_FORMATS } from '#domain/coaching/categories';
import { CANCELLATION_LIMITS, DEFAULT_CANCELLATION_POLICY } from '#domain/scheduling/cancellation';
import { centsToInput, inputToCents } from '#web/lib/money';

const wholeNumber = /^\d+$/;

/**
 * The service form: what the person typed (field names are the API's, so server messages land on
 * them), checked with the contract's messages, then turned into the create body and checked by the
 * contract itself.
 */
export const serviceFormSchema = z
  .object({
    title: z.string().refine((title) => title.trim() !== '', SERVICE_MESSAGES.titleRequired),
    subtitle: z.string(),
    description: z.string(),
    format: z.enum(SESSION_FORMATS),
    type: z.enum(['full', 'micro']),
    price: z.string().refine((price) => {
      const cents = inputToCents(price);
      return cents !== undefined && cents !== null && cents <= SERVICE_LIMITS.priceMax;
    }, SERVICE_MESSAGES.price),
    duration: z.string().refine((text) => {
      const duration = Number(text);
      return (
        wholeNumber.test(text.trim()) &&
        duration >= SERVICE_LIMITS.durationMin &&
        duration <= SERVICE_LIMITS.durationMax
      );
    }, SERVICE_MESSAGES.duration),
    category: z.string(),
    spots_left: z.string().refine((spots) => spots.trim() === '' || wholeNumber.test(spots.trim()), {
      message: SERVICE_MESSAGES.spotsLeft,
    }),
    free_cancel_hours: z.string().refine((text) => {
      const hours = Number(text.trim());
      return wholeNumber.test(text.trim()) && hours <= CANCELLATION_LIMITS.freeCancelHoursMax;
    }, SERVICE_MESSAGES.freeCancelHours),
    late_cancel_percent: z.string().refine((text) => {
      const percent = Number(text.trim());
      return wholeNumber.test(text.trim()) && percent <= CANCELLATION_LIMITS.percentMax;
    }, SERVICE_MESSAGES.lateCancelPercent),
    thumbnail_url: z.string().nullable(),
    is_popular: z.boolean(),
    is_active: z.boolean(),
  })
  .superRefine((draft, context) => {
    const duration = Number(draft.duration);
    const durationValid =
      wholeNumber.test(draft.duration.trim()) &&
      duration >= SERVICE_LIMITS.durationMin &&
      duration <= SERVICE_LIMITS.durationMax;
    if (durationValid && draft.type === 'micro' && duration > SERVICE_LIMITS.microMaxMinutes)
      context.addIssue({ code: 'custom', path: ['duration'], message: SERVICE_MESSAGES.microTooLong });
  })
  .transform((draft): ServiceCreateBody => ({
    title: draft.title.trim(),
    subtitle: draft.subtitle.trim() || null,
    description: draft.description.trim() || null,
    format: draft.format,
    type: draft.type,
    price: inputToCents(draft.price) ?? 0,
    duration: Number(draft.duration),
    category: (draft.category || null) as ServiceCreateBody['category'],
    spots_left: draft.spots_left.trim() === '' ? null : Number(draft.spots_left.trim()),
    free_cancel_hours: Number(draft.free_cancel_hours.trim()),
    late_cancel_percent: Number(draft.late_cancel_percent.trim()),
    thumbnail_url: draft.thumbnail_url,
    is_popular: draft.is_popular,
    is_active: draft.is_active,
  }))
  .pipe(serviceCreateBodySchema);

export type ServiceFormValues = z.input<typeof serviceFormSchema>;

/** The form's starting values: the service being edited, or a new 30-minute video session. */
export const serviceFormValues = (service: Service | null): ServiceFormValues => ({
  title: service?.title ?? '',
  subtitle: service?.subtitle ?? '',
  description: service?.description ?? '',
  format: service?.format ?? 'video',
  type: service?.type ?? 'full',
  price: service ? centsToInput(service.price) : '',
  duration: service ? String(service.duration) : '30',
  category: service?.category ?? '',
  spots_left: service?.spots_left === null || !service ? '' : String(service.spots_left),
  free_cancel_hours: String(service?.free_cancel_hours ?? DEFAULT_CANCELLATION_POLICY.freeCancelHours),
  late_cancel_percent: String(service?.late_cancel_percent ?? DEFAULT_CANCELLATION_POLICY.lateCancelPercent),
  thumbnail_url: service?.thumbnail_url ?? null,
  is_popular: service?.is_popular ?? false,
  is_active: service?.is_active ?? true,
});
