import { z } from 'zod';
import {
  createSessionRequestSchema,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_PURPOSE_MAX,
  SESSION_DEFAULT_MINUTES,
  SESSION_MESSAGES,
  SESSION_REQUEST_MINUTES,
  type CreateSessionRequest,
} from '#contracts/sessions';
import { SESSION_FORMATS, type SessionFormat } from '#domain/coaching/categories';
import { ApiError } from '#web/lib/api-client';

/**
 * The request form's rules, pure: what a client fills in on a coach's page, what is checked before
 * anything is sent (SPEC §5: 'Session purpose is required'), the body of POST /api/session-requests,
 * and how the server's refusals map back onto the form.
 */

/** "Start a session now" (instant, rings the coach) or "Book a time" (a preferred UTC date and time). */
export type RequestMode = 'now' | 'time';

export type RequestFormState = {
  format: SessionFormat;
  minutes: number;
  purpose: string;
  description: string;
  /** What is typed in the coupon field. */
  couponInput: string;
  /** The code applied to the quote (null: none). */
  coupon: string | null;
  /** YYYY-MM-DD and HH:MM, UTC; only for "Book a time". */
  date: string;
  time: string;
};

export type RequestField = 'format' | 'minutes' | 'purpose' | 'description' | 'coupon' | 'date' | 'time';
export type RequestFormErrors = Partial<Record<RequestField, string>>;

/**
 * A blank form: the first format (the least expensive) and the default length — never the priciest
 * choice by default. initialRequestForm starts from the client's last choice instead, when there is one.
 */
export const INITIAL_REQUEST_FORM: RequestFormState = {
  format: SESSION_FORMATS[0],
  minutes: SESSION_DEFAULT_MINUTES,
  purpose: '',
  description: '',
  couponInput: '',
  coupon: null,
  date: '',
  time: '',
};

export const REQUEST_FORM_MESSAGES = {
  dateRequired: 'Choose a date.',
  timeRequired: 'Choose a time (UTC).',
} as const;

/** The body field (as the server names it in error details) -> the form field. */
const FIELD_OF_PATH: Record<string, RequestField> = {
  format: 'format',
  duration_minutes: 'minutes',
  purpose: 'purpose',
  description: 'description',
  coupon_code: 'coupon',
  coupon: 'coupon',
  preferred_date: 'date',
  preferred_time: 'time',
};

export function fieldOfPath(path: string): RequestField | undefined {
  return FIELD_OF_PATH[path.replace(/^(body|query)\./, '')];
}

/** Today and the current time in UTC, for the date and time inputs' lower bounds. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The input an error is shown on: a coupon's message sits under the coupon code being typed. */
export const inputOfField = (field: RequestField): keyof RequestFormState =>
  field === 'coupon' ? 'couponInput' : field;

/** The form's schema: validateRequestForm's checks and messages, the body as output. `now` is read at submit. */
export const requestFormSchema = (context: { coachId: string; mode: RequestMode; now: () => Date }) =>
  z.custom<RequestFormState>().transform((state, issues) => {
    const { errors, body } = validateRequestForm(state, { ...context, now: context.now() });
    for (const [field, message] of Object.entries(errors))
      issues.addIssue({ code: 'custom', path: [inputOfField(field as RequestField)], message });
    return body ?? z.NEVER;
  });

/** Checks the form; answers the body to send only when nothing is wrong. */
export function validateRequestForm(
  state: RequestFormState,
  { coachId, mode, now }: { coachId: string; mode: RequestMode; now: Date },
): { errors: RequestFormErrors; body?: CreateSessionRequest } {
  const errors: RequestFormErrors = {};
  const purpose = state.purpose.trim();
  const description = state.description.trim();
  if (purpose === '') errors.purpose = SESSION_MESSAGES.purposeRequired;
  else if (purpose.length > REQUEST_PURPOSE_MAX) errors.purpose = SESSION_MESSAGES.purposeTooLong;
  if (description.length > REQUEST_DESCRIPTION_MAX) errors.description = SESSION_MESSAGES.descriptionTooLong;
  if (!(SESSION_REQUEST_MINUTES as readonly number[]).includes(state.minutes))
    errors.minutes = SESSION_MESSAGES.minutes;
  if (mode === 'time') {
    if (!state.date) errors.date = REQUEST_FORM_MESSAGES.dateRequired;
    if (!state.time) errors.time = REQUEST_FORM_MESSAGES.timeRequired;
    if (state.date && state.time) {
      const at = Date.parse(`${state.date}T${state.time}:00Z`);
      if (Number.isNaN(at)) errors.date = 'Enter the date as YYYY-MM-DD.';
      else if (at <= now.getTime()) errors.time = SESSION_MESSAGES.preferredPast;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };

  const body: CreateSessionRequest = {
    coach_id: coachId,
    format: state.format,
    duration_minutes: state.minutes,
    purpose,
    ...(description ? { description } : {}),
    ...(state.coupon ? { coupon_code: state.coupon } : {}),
    ...(mode === 'time' ? { preferred_date: state.date, preferred_time: state.time } : {}),
  };
  // The contract's own rules as the last word (the same messages the server would answer).
  const parsed = createSessionRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
    if (Object.keys(errors).length > 0) return { errors };
  }
  return { errors, body };
}

/** The field errors of a VALIDATION_ERROR answer (anything else: none). */
export function fieldErrorsOf(error: unknown): RequestFormErrors {
  const errors: RequestFormErrors = {};
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return errors;
  for (const detail of error.details) {
    const field = fieldOfPath(detail.path);
    if (field && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * A 409 because the client already has a pending request: the id of that request, from the error's
 * details (a detail naming the request, else any id in them). null for any other answer.
 */
export function existingRequestIdOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const named = error.details.find((detail) => /request/i.test(detail.path) && UUID.test(detail.message));
  const any = named ?? error.details.find((detail) => UUID.test(detail.message) || UUID.test(detail.path));
  if (!any) return null;
  return (UUID.exec(any.message) ?? UUID.exec(any.path))?.[0]?.toLowerCase() ?? null;
}

export const isInsufficientFunds = (error: unknown) =>
  error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS';

export const isCouponInvalid = (error: unknown) =>
  error instanceof ApiError && error.code === 'COUPON_INVALID';

/** How much is missing to cover `amount` (cents), when both are known and it is short. */
export function shortfallOf(amount: number | undefined, balance: number | undefined): number | undefined {
  if (amount === undefined || balance === undefined) return undefined;
  return amount > balance ? amount - balance : undefined;
}

// ---- A draft kept for the tab, so a trip to the wallet to top up comes back to a filled form.

const draftKey = (coachId: string) => `wellspring.session-request-draft.${coachId}`;

export function loadDraft(coachId: string): RequestFormState | null {
  try {
    const raw = window.sessionStorage.getItem(draftKey(coachId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RequestFormState>;
    return { ...INITIAL_REQUEST_FORM, ...value };
  } catch {
    return null;
  }
}

export function saveDraft(coachId: string, state: RequestFormState) {
  try {
    // Only what was typed makes a draft (the format and length alone come back as the last choice).
    const empty = [state.purpose, state.description, state.couponInput, state.date, state.time].every(
      (value) => value.trim() === '',
    );
    if (empty) window.sessionStorage.removeItem(draftKey(coachId));
    else window.sessionStorage.setItem(draftKey(coachId), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the form simply is not kept.
  }
}

export function clearDraft(coachId: string) {
  try {
    window.sessionStorage.removeItem(draftKey(coachId));
  } catch {
    // Nothing to clear.
  }
}

// ---- The client's last choice of format and length, remembered on this device (per person).

type LastChoice = Pick<RequestFormState, 'format' | 'minutes'>;
const choiceKey = (userId: string) => `wellspring.session-request-choice.${userId}`;

/** The last format and length this person sent, if any (and still offered). */
export function loadLastChoice(userId: string): LastChoice | null {
  try {
    const raw = window.localStorage.getItem(choiceKey(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LastChoice>;
    if (
      !(SESSION_FORMATS as readonly unknown[]).includes(value.format) ||
      !(SESSION_REQUEST_MINUTES as readonly unknown[]).includes(value.minutes)
    )
      return null;
    return { format: value.format!, minutes: value.minutes! };
  } catch {
    return null;
  }
}

export function rememberLastChoice(userId: string, choice: LastChoice) {
  try {
    window.localStorage.setItem(
      choiceKey(userId),
      JSON.stringify({ format: choice.format, minutes: choice.minutes }),
    );
  } catch {
    // Storage blocked: the next form starts from the defaults.
  }
}

/** Where the form starts: the tab's draft for this coach, else the last choice, else the defaults. */
export function initialRequestForm(coachId: string, userId: string): RequestFormState {
  return loadDraft(coachId) ?? { ...INITIAL_REQUEST_FORM, ...loadLastChoice(userId) };
}
