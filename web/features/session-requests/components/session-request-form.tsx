import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  REQUEST_DESCRIPTION_MAX,
  REQUEST_PURPOSE_MAX,
  SESSION_REQUEST_MINUTES,
  type CreateSessionRequest,
  type SessionRequest,
} from '#contracts/sessions';
import { SESSION_FORMATS, type SessionFormat } from '#domain/coaching/categories';
import { cents } from '#domain/money/cents';
import { priceForMinutes } from '#domain/money/pricing';
import { Button, buttonClasses } from '#web/components/button';
import { CouponField } from '#web/components/coupon-field';
import { FieldError } from '#web/components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { Spinner } from '#web/components/spinner';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import {
  newIdempotencyKey,
  quoteQueryOptions,
  useCreateSessionRequest,
  walletBalanceQueryOptions,
} from '../api/session-requests';
import {
  clearDraft,
  existingRequestIdOf,
  fieldErrorsOf,
  fieldOfPath,
  initialRequestForm,
  inputOfField,
  isCouponInvalid,
  isInsufficientFunds,
  rememberLastChoice,
  requestFormSchema,
  saveDraft,
  shortfallOf,
  utcToday,
  type RequestField,
  type RequestFormState,
  type RequestMode,
} from '../lib/request-form';
import { Segmented } from '#web/components/segmented';
import { NotEnough, QuotePanel } from './request-quote';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';

export type RequestCoach = {
  /** The coach's user id. */
  id: string;
  name: string;
  /** Cents per 15 minutes (SPEC §9), for the price under each format. */
  rates: Record<SessionFormat, number>;
};

/**
 * The request form on a coach's page: format, length, purpose (required), details,
 * a coupon applied through the quote and, to book a time, a date and time in UTC. The quote shows
 * what will be held before anything is sent; Send posts with one Idempotency-Key per attempt (reused
 * when the same attempt is retried) and opens the waiting room.
 */
export function SessionRequestForm({
  coach,
  mode,
  userId,
  onSent,
}: {
  coach: RequestCoach;
  mode: RequestMode;
  userId: string;
  onSent?: (request: SessionRequest) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [schema] = useState(() => requestFormSchema({ coachId: coach.id, mode, now: () => new Date() }));
  const form = useZodForm(schema, { defaultValues: initialRequestForm(coach.id, userId) });
  const state = form.watch();
  const [applying, setApplying] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const send = useCreateSessionRequest(userId);
  const formatLabelId = useId();
  const lengthLabelId = useId();
  const [today] = useState(() => utcToday(new Date()));

  // The draft is kept for the tab on every change.
  useEffect(() => {
    saveDraft(coach.id, form.getValues());
    const subscription = form.watch((values) => saveDraft(coach.id, values as RequestFormState));
    return () => subscription.unsubscribe();
  }, [coach.id, form]);

  const quoteInput = { coachId: coach.id, format: state.format, minutes: state.minutes };
  const quote = useQuery(quoteQueryOptions({ ...quoteInput, coupon: state.coupon }));
  const wallet = useQuery(walletBalanceQueryOptions(userId));
  const balance = wallet.data?.balance;
  const final = quote.data?.final;

  /** A change clears the messages of the fields it touches, and a refusal of the previous attempt. */
  const cleared = (...fields: RequestField[]) => {
    if (fields.length > 0) form.clearErrors(fields.map(inputOfField));
    if (send.isError) send.reset();
  };
  const change = (changes: Partial<RequestFormState>, ...fields: RequestField[]) => {
    for (const [key, value] of Object.entries(changes))
      form.setValue(key as keyof RequestFormState, value as never);
    cleared(...fields);
  };
  const input = (
    name: 'date' | 'time' | 'purpose' | 'description' | 'couponInput',
    ...fields: RequestField[]
  ) => form.register(name, { onChange: () => cleared(...fields) });
  const error = (field: RequestField) => fieldError(form, inputOfField(field)) ?? null;

  async function applyCoupon() {
    const code = state.couponInput.trim().toUpperCase();
    if (!code) {
      change({ coupon: null, couponInput: '' }, 'coupon');
      return;
    }
    setApplying(true);
    try {
      await queryClient.fetchQuery(quoteQueryOptions({ ...quoteInput, coupon: code }));
      change({ coupon: code, couponInput: code }, 'coupon');
    } catch (failure) {
      form.setError('couponInput', {
        type: 'server',
        message:
          failure instanceof ApiError
            ? failure.message
            : 'We could not check this coupon right now. Please try again.',
      });
      form.setValue('coupon', null);
    } finally {
      setApplying(false);
    }
  }

  function onCouponKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void applyCoupon();
  }

  function submit(body: CreateSessionRequest) {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    send.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: (request) => {
          attempt.current = null;
          clearDraft(coach.id);
          rememberLastChoice(userId, { format: body.format, minutes: body.duration_minutes });
          onSent?.(request);
          void navigate(`/waiting-room/${request.id}`);
        },
        onError: (failure) => {
          if (isCouponInvalid(failure)) {
            form.clearErrors();
            form.setError('couponInput', { type: 'server', message: (failure as ApiError).message });
            form.setValue('coupon', null);
            return;
          }
          if (Object.keys(fieldErrorsOf(failure)).length > 0) {
            form.clearErrors();
            applyServerErrors(form, failure, (path) => {
              const field = fieldOfPath(path);
              return field && inputOfField(field);
            });
          }
          // A refusal is final for this attempt; a lost answer (network, 5xx) keeps the key for Retry.
          if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
            attempt.current = null;
        },
      },
    );
  }

  // A refusal shows under the price, often below the fold of the dialog: bring it into view.
  useEffect(() => {
    if (send.error) outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [send.error]);

  const existingId = existingRequestIdOf(send.error);
  const short = isInsufficientFunds(send.error);
  const shownError =
    short || existingId || isCouponInvalid(send.error) || Object.keys(fieldErrorsOf(send.error)).length > 0
      ? null
      : send.error;
  const missing = shortfallOf(final, balance);
  const coupon = quote.data?.coupon_code ?? null;

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <p id={formatLabelId} className="text-sm font-medium text-text">
          Format
        </p>
        <Segmented<SessionFormat>
          labelledBy={formatLabelId}
          size="sm"
          value={state.format}
          options={SESSION_FORMATS.map((format) => ({
            value: format,
            label: FORMAT_SHORT_LABELS[format],
            hint: formatCents(priceForMinutes(cents(coach.rates[format]), state.minutes)),
          }))}
          onChange={(format) => change({ format }, 'format')}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <p id={lengthLabelId} className="text-sm font-medium text-text">
          Length
        </p>
        <Segmented<`${number}`>
          labelledBy={lengthLabelId}
          size="sm"
          value={`${state.minutes}`}
          options={SESSION_REQUEST_MINUTES.map((minutes) => ({
            value: `${minutes}`,
            label: `${minutes} min`,
          }))}
          onChange={(minutes) => change({ minutes: Number(minutes) }, 'minutes')}
        />
        <FieldError error={error('minutes')} />
      </div>

      {mode === 'time' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="flex items-center gap-2 text-sm font-medium text-text">
            <CalendarClock aria-hidden="true" className="size-4 text-primary" />
            When (UTC)
          </legend>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Date"
              type="date"
              min={today}
              {...input('date', 'date', 'time')}
              error={error('date')}
            />
            <TextField
              label="Time (UTC)"
              type="time"
              step={60}
              {...input('time', 'time')}
              error={error('time')}
            />
          </div>
          <p className="text-sm text-text-muted">
            {`Times are in UTC (Coordinated Universal Time). It is ${new Date().toISOString().slice(11, 16)} UTC now.`}
          </p>
        </fieldset>
      ) : null}

      <TextField
        label="Session purpose"
        required
        maxLength={REQUEST_PURPOSE_MAX}
        placeholder="For example: sleeping badly since starting a new job"
        {...input('purpose', 'purpose')}
        hint="What would you like help with?"
        error={error('purpose')}
      />
      <TextareaField
        label="Details (optional)"
        rows={3}
        maxLength={REQUEST_DESCRIPTION_MAX}
        value={state.description}
        {...input('description', 'description')}
        hint={`Anything ${coach.name} should know before you start.`}
        error={error('description')}
      />

      <CouponField
        input={{ ...input('couponInput', 'coupon'), onKeyDown: onCouponKey }}
        error={error('coupon')}
        applied={Boolean(state.coupon)}
        applying={applying}
        canApply={state.couponInput.trim() !== ''}
        onApply={() => void applyCoupon()}
        onRemove={() => change({ coupon: null, couponInput: '' }, 'coupon')}
      />

      <QuotePanel
        quote={quote}
        minutes={state.minutes}
        format={state.format}
        coupon={coupon}
        mode={mode}
        coachName={coach.name}
        balance={balance}
        missing={missing}
        short={short}
      />

      <div ref={outcomeRef} className="scroll-mb-28 empty:hidden">
        {short ? (
          <NotEnough missing={missing} message={(send.error as ApiError).message} />
        ) : existingId ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-border bg-surface-sunken px-4 py-3 text-sm"
          >
            <p>
              <span className="font-semibold">You already have a request waiting for an answer.</span>{' '}
              {send.error instanceof ApiError ? send.error.message : null}
            </p>
            <Link to={`/waiting-room/${existingId}`} className={buttonClasses('secondary', 'self-start')}>
              Go to your waiting room
            </Link>
          </div>
        ) : (
          <FormError error={shownError} />
        )}
      </div>

      {/* Sticky at the dialog's bottom edge (-bottom-6: past the dialog's padding, which sticky
          respects): the action stays in sight however long the form is, nothing shows beneath it. */}
      <div
        data-testid="request-footer"
        className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-border bg-surface-raised px-6 pt-3 pb-6"
      >
        <Button type="submit" disabled={send.isPending} className="w-full">
          {send.isPending ? (
            <Spinner className="size-4 border-2" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {`${mode === 'now' ? 'Send request' : 'Request this time'}${final !== undefined ? ` · ${formatCents(final)}` : ''}`}
        </Button>
      </div>
    </Form>
  );
}
