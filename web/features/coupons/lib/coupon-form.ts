import { z } from 'zod';
import {
  COUPON_CODE_PATTERN,
  COUPON_DISCOUNT_TYPES,
  COUPON_LIMITS,
  COUPON_MESSAGES,
  couponTermsErrors,
  type Coupon,
  type CouponCreateBody,
  type CouponDiscountType,
  type CouponUpdateBody,
} from '#contracts/coupons';
import { centsToInput, formatCents, inputToCents } from '#web/lib/money';

/*
 * Dates: the form picks whole days in the person's own time zone. A start date means from the start of
 * that day; an end date means through the end of that day, so it is stored as the next midnight (the
 * server's valid_until is exclusive).
 */

const pad = (value: number) => String(value).padStart(2, '0');
const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date as the value of <input type="date"> in local time. */
export const toDateInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** "2026-12-01" -> local midnight of that day; null when it is not a real date. */
export function fromDateInput(value: string): Date | null {
  const match = DATE_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** The exclusive end instant of an end date: midnight after it. */
export function endOfDateInput(value: string): Date | null {
  const day = fromDateInput(value);
  return day && new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
}

/** The last day a coupon works, as a date input value (valid_until is exclusive). */
export const lastDayInput = (validUntil: string) => toDateInput(new Date(new Date(validUntil).getTime() - 1));

const dateFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
export const formatDay = (date: Date) => dateFormatter.format(date);

// ---- What the list shows.

/** "20 %" or "$5.00". */
export const discountLabel = (coupon: Pick<Coupon, 'discount_type' | 'value'>) =>
  coupon.discount_type === 'percent' ? `${coupon.value} %` : formatCents(coupon.value);

export type CouponStatus = 'active' | 'paused' | 'scheduled' | 'expired' | 'used_up';

export function couponStatus(coupon: Coupon, now: Date): CouponStatus {
  if (!coupon.active) return 'paused';
  if (coupon.valid_until !== null && now.getTime() >= new Date(coupon.valid_until).getTime())
    return 'expired';
  if (now.getTime() < new Date(coupon.valid_from).getTime()) return 'scheduled';
  if (coupon.max_redemptions !== null && coupon.uses >= coupon.max_redemptions) return 'used_up';
  return 'active';
}

/** "Until Dec 31, 2026", "Starts Dec 1, 2026 · until …", "Ended …", "No end date". */
export function validityLabel(coupon: Coupon, now: Date): string {
  const from = new Date(coupon.valid_from);
  const lastDay = coupon.valid_until === null ? null : new Date(new Date(coupon.valid_until).getTime() - 1);
  if (coupon.valid_until !== null && lastDay && now.getTime() >= new Date(coupon.valid_until).getTime())
    return `Ended ${formatDay(lastDay)}`;
  const until = lastDay ? `until ${formatDay(lastDay)}` : 'no end date';
  if (now.getTime() < from.getTime()) return `Starts ${formatDay(from)} · ${until}`;
  return lastDay ? `Until ${formatDay(lastDay)}` : 'No end date';
}

/** "3 / 10" with a total limit, else "3 (no limit)". */
export const usesLabel = (coupon: Pick<Coupon, 'uses' | 'max_redemptions'>) =>
  coupon.max_redemptions === null
    ? `${coupon.uses} (no limit)`
    : `${coupon.uses} / ${coupon.max_redemptions}`;

// ---- The form.

export type CouponDraft = {
  code: string;
  discountType: CouponDiscountType;
  /** Percent: whole number; fixed: dollars as typed. */
  value: string;
  startDate: string;
  endDate: string;
  maxRedemptions: string;
  maxRedemptionsPerClient: string;
  active: boolean;
};

export function draftOf(coupon: Coupon | null): CouponDraft {
  if (!coupon)
    return {
      code: '',
      discountType: 'percent',
      value: '',
      startDate: '',
      endDate: '',
      maxRedemptions: '',
      maxRedemptionsPerClient: '',
      active: true,
    };
  return {
    code: coupon.code,
    discountType: coupon.discount_type,
    value: coupon.discount_type === 'percent' ? String(coupon.value) : centsToInput(coupon.value),
    startDate: toDateInput(new Date(coupon.valid_from)),
    endDate: coupon.valid_until === null ? '' : lastDayInput(coupon.valid_until),
    maxRedemptions: coupon.max_redemptions === null ? '' : String(coupon.max_redemptions),
    maxRedemptionsPerClient:
      coupon.max_redemptions_per_client === null ? '' : String(coupon.max_redemptions_per_client),
    active: coupon.active,
  };
}

export type CouponFieldErrors = Partial<
  Record<
    | 'code'
    | 'discount_type'
    | 'value'
    | 'valid_from'
    | 'valid_until'
    | 'max_redemptions'
    | 'max_redemptions_per_client',
    string
  >
>;

/** A whole number typed in a limit field: '' -> null, anything else invalid -> undefined. */
function limitOf(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : undefined;
}

/** The discount value in the API's unit (percent, or cents); undefined when not valid for the type. */
function valueOf(draft: CouponDraft): number | undefined {
  if (draft.discountType === 'percent') {
    const text = draft.value.trim().replace(/\s*%$/, '');
    if (!/^\d+$/.test(text)) return undefined;
    const value = Number(text);
    return value >= 1 && value <= COUPON_LIMITS.percentMax ? value : undefined;
  }
  const value = inputToCents(draft.value);
  return value === null || value === undefined || value < 1 || value > COUPON_LIMITS.fixedMax
    ? undefined
    : value;
}

/**
 * Checks what the browser can check, with the server's messages (the server checks everything again).
 * Editing sends only what changed; a used coupon never sends its code, type or value.
 */
export function validateDraft(
  draft: CouponDraft,
  original: Coupon | null,
  now: Date,
): { body?: CouponCreateBody | CouponUpdateBody; errors: CouponFieldErrors } {
  const errors: CouponFieldErrors = {};
  const initial = draftOf(original);
  const termsLocked = original?.terms_locked ?? false;

  const code = draft.code.trim().toUpperCase();
  if (!termsLocked && !COUPON_CODE_PATTERN.test(code)) errors.code = COUPON_MESSAGES.code;
  const value = valueOf(draft);
  if (!termsLocked && value === undefined)
    errors.value = draft.discountType === 'percent' ? COUPON_MESSAGES.percent : COUPON_MESSAGES.fixed;

  const startChanged = draft.startDate !== initial.startDate;
  const endChanged = draft.endDate !== initial.endDate;
  const start = draft.startDate.trim() === '' ? null : fromDateInput(draft.startDate);
  const end = draft.endDate.trim() === '' ? null : endOfDateInput(draft.endDate);
  if (draft.startDate.trim() !== '' && start === null) errors.valid_from = COUPON_MESSAGES.date;
  if (draft.endDate.trim() !== '' && end === null) errors.valid_until = COUPON_MESSAGES.date;
  else if (end !== null && endChanged && end.getTime() <= now.getTime())
    errors.valid_until = COUPON_MESSAGES.endInPast;

  const maxRedemptions = limitOf(draft.maxRedemptions, COUPON_LIMITS.maxRedemptions);
  if (maxRedemptions === undefined) errors.max_redemptions = COUPON_MESSAGES.maxRedemptions;
  const perClient = limitOf(draft.maxRedemptionsPerClient, COUPON_LIMITS.maxRedemptionsPerClient);
  if (perClient === undefined) errors.max_redemptions_per_client = COUPON_MESSAGES.maxRedemptionsPerClient;

  // The rules across fields, as the server has them (an unchanged start keeps the stored instant).
  const validFrom = startChanged ? start : original ? new Date(original.valid_from) : null;
  for (const error of couponTermsErrors({
    discount_type: termsLocked && original ? original.discount_type : draft.discountType,
    value: termsLocked && original ? original.value : (value ?? 1),
    valid_from: validFrom,
    valid_until: endChanged ? end : original?.valid_until ? new Date(original.valid_until) : null,
    max_redemptions: maxRedemptions ?? null,
    max_redemptions_per_client: perClient ?? null,
  })) {
    const field = error.path as keyof CouponFieldErrors;
    errors[field] ??= error.message;
  }
  if (Object.keys(errors).length > 0 || (value === undefined && !termsLocked)) return { errors };

  if (!original) {
    const body: CouponCreateBody = {
      code,
      discount_type: draft.discountType,
      value: value ?? 0,
      max_redemptions: maxRedemptions ?? null,
      max_redemptions_per_client: perClient ?? null,
      active: draft.active,
      ...(start ? { valid_from: start.toISOString() } : {}),
      ...(end ? { valid_until: end.toISOString() } : {}),
    };
    return { errors, body };
  }
  const body: CouponUpdateBody = {};
  if (!termsLocked) {
    if (code !== original.code) body.code = code;
    if (draft.discountType !== original.discount_type) body.discount_type = draft.discountType;
    if (value !== original.value) body.value = value;
  }
  // Clearing the start date of a coupon keeps the date it already has.
  if (startChanged && start) body.valid_from = start.toISOString();
  if (endChanged) body.valid_until = end ? end.toISOString() : null;
  if ((maxRedemptions ?? null) !== original.max_redemptions) body.max_redemptions = maxRedemptions ?? null;
  if ((perClient ?? null) !== original.max_redemptions_per_client)
    body.max_redemptions_per_client = perClient ?? null;
  if (draft.active !== original.active) body.active = draft.active;
  return { errors, body };
}

/** The API's field of each message -> the form field it is shown on. */
export const COUPON_FIELD_OF_PATH = {
  code: 'code',
  discount_type: 'value',
  value: 'value',
  valid_from: 'startDate',
  valid_until: 'endDate',
  max_redemptions: 'maxRedemptions',
  max_redemptions_per_client: 'maxRedemptionsPerClient',
} as const satisfies Record<keyof CouponFieldErrors, keyof CouponDraft>;

/**
 * The coupon form's schema: the draft as typed, checked by validateDraft (the contract's rules and
 * messages) and turned into the create or update body. `now` is read at submit.
 */
export const couponFormSchema = (original: Coupon | null, now: () => Date) =>
  z
    .object({
      code: z.string(),
      discountType: z.enum(COUPON_DISCOUNT_TYPES),
      value: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      maxRedemptions: z.string(),
      maxRedemptionsPerClient: z.string(),
      active: z.boolean(),
    })
    .transform((draft, context) => {
      const { body, errors } = validateDraft(draft, original, now());
      for (const [path, message] of Object.entries(errors))
        context.addIssue({
          code: 'custom',
          path: [COUPON_FIELD_OF_PATH[path as keyof CouponFieldErrors]],
          message,
        });
      return body ?? z.NEVER;
    });
