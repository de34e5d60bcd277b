import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, CalendarX, Clock, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Booking } from '#contracts/bookings';
import type { BookableService } from '#contracts/services';
import { REQUEST_DESCRIPTION_MAX, REQUEST_PURPOSE_MAX } from '#contracts/sessions';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';
import { Avatar } from '#web/components/avatar';
import { Button, buttonClasses } from '#web/components/button';
import { paddedCardClasses } from '#web/components/card';
import { CouponField } from '#web/components/coupon-field';
import { SelectField } from '#web/components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { LoadError } from '#web/components/load-error';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { MessageCard } from '#web/components/message-card';
import { NotEnoughInWallet } from '#web/components/not-enough-in-wallet';
import { Spinner } from '#web/components/spinner';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { ApiError } from '#web/lib/api-client';
import { formatInZone, zoneName, zoneNames } from '#web/lib/dates';
import { formatTime24 } from '#web/lib/date-times';
import { formatCents } from '#web/lib/money';
import {
  bookableServiceQueryOptions,
  bookingQuoteQueryOptions,
  newIdempotencyKey,
  useCreateBooking,
  walletQueryOptions,
} from '../api/bookings';
import {
  bookingFormSchema,
  cancellationPolicyText,
  clearDraft,
  emptyBookingForm,
  fieldOfPath,
  firstNameOf,
  isCode,
  loadDraft,
  saveDraft,
  shortfallOf,
} from '../lib/booking-form';
import { SlotPicker } from './slot-picker';
import { useNow } from '#web/lib/use-now';

const minutesText = (minutes: number) =>
  minutes % 60 === 0
    ? `${minutes / 60} h`
    : minutes > 60
      ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
      : `${minutes} min`;

/** The service being booked: its coach, title, format, length, price and what it includes. */
function ServiceSummary({ service }: { service: BookableService }) {
  return (
    <section aria-labelledby="booked-service" className={paddedCardClasses}>
      <div className="flex items-center gap-3">
        <Avatar
          name={service.coach.name}
          src={service.coach.avatar_url}
          size={48}
          className="size-12 shrink-0"
        />
        <div className="min-w-0">
          <p className="text-sm text-text-muted">
            {service.coach.username ? (
              <Link
                to={`/coach/${service.coach.username}`}
                className="font-medium text-primary underline-offset-2 hover:underline"
              >
                {service.coach.name}
              </Link>
            ) : (
              service.coach.name
            )}
          </p>
          <h2 id="booked-service" className="text-lg font-semibold break-words">
            {service.title}
          </h2>
        </div>
      </div>
      {service.subtitle ? <p className="mt-3 text-sm text-text-muted">{service.subtitle}</p> : null}
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span>{FORMAT_SHORT_LABELS[service.format]}</span>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5" />
          {minutesText(service.duration)}
        </span>
        <span className="font-semibold tabular-nums">{formatCents(service.price)}</span>
      </p>
      {service.description ? <p className="mt-3 text-sm whitespace-pre-line">{service.description}</p> : null}
    </section>
  );
}

/** After booking: the time in the client's zone and the coach's, and where to find it again. */
function Booked({ booking, timeZone }: { booking: Booking; timeZone: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const firstName = firstNameOf(booking.coach_name);
  return (
    <section
      aria-labelledby="booked-title"
      className={`${paddedCardClasses} flex flex-col items-start gap-3`}
    >
      <CalendarCheck aria-hidden="true" className="size-8 text-success" />
      <h2 id="booked-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        You’re booked
      </h2>
      <p>
        <span className="font-semibold">{formatInZone(booking.scheduled_at, timeZone)}</span>
        {booking.coach_time_zone !== timeZone
          ? ` (${formatTime24(booking.scheduled_at, booking.coach_time_zone)} for ${firstName})`
          : null}
        {` · ${booking.title} with ${booking.coach_name}`}
      </p>
      <p className="text-sm text-text-muted">
        {`${formatCents(booking.price)} is held from your wallet and paid to ${firstName} when the session is completed. You can join from your home page 10 minutes before it starts.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/client-portal" className={buttonClasses('primary')}>
          See your bookings
        </Link>
        {booking.coach_username ? (
          <Link to={`/coach/${booking.coach_username}`} className={buttonClasses('secondary')}>
            {`Back to ${firstName}’s page`}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/**
 * /client-session-flow/:serviceId (#18): book a service at one of the coach's free times, shown in the
 * client's zone (switchable); the purpose (required), details and a coupon; the price and what the
 * wallet holds; Book holds the price under one Idempotency-Key per attempt. A time taken meanwhile
 * says so with the next free times; a short wallet links to the top-up and back to the same time.
 */
export function BookingFlowScreen({
  service,
  userId,
  viewerZone,
  initialStart,
  onStartChange,
}: {
  service: BookableService;
  userId: string;
  viewerZone: string;
  initialStart: string | null;
  /** Keeps the chosen time in the page's address (a trip to the wallet comes back to it). */
  onStartChange: (start: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [timeZone, setTimeZone] = useState(viewerZone);
  const zones = useMemo(
    () => zoneNames(viewerZone, service.coach.time_zone),
    [viewerZone, service.coach.time_zone],
  );
  const form = useZodForm(bookingFormSchema, {
    defaultValues: { ...emptyBookingForm(initialStart), ...loadDraft(service.id) },
  });
  const state = form.watch();
  const [applying, setApplying] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const book = useCreateBooking(userId, service.coach_id);
  const quote = useQuery(bookingQuoteQueryOptions(service.id, state.coupon));
  const wallet = useQuery(walletQueryOptions(userId));
  const final = quote.data?.final;
  const missing = shortfallOf(final, wallet.data?.balance);
  const firstName = firstNameOf(service.coach.name);
  // "Free cancellation until …" is read against the clock; a minute's staleness changes nothing.
  const policyNow = useNow(60_000);

  useEffect(() => {
    const subscription = form.watch((values) =>
      saveDraft(service.id, { purpose: values.purpose ?? '', description: values.description ?? '' }),
    );
    return () => subscription.unsubscribe();
  }, [form, service.id]);

  const chooseStart = (start: string | null) => {
    form.setValue('scheduled_at', start ?? '');
    form.clearErrors('scheduled_at');
    if (book.isError) book.reset();
    onStartChange(start);
  };

  async function applyCoupon() {
    const code = state.couponInput.trim().toUpperCase();
    if (!code) {
      form.setValue('coupon', null);
      return;
    }
    setApplying(true);
    try {
      await queryClient.fetchQuery(bookingQuoteQueryOptions(service.id, code));
      form.setValue('coupon', code);
      form.setValue('couponInput', code);
      form.clearErrors('couponInput');
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

  function submit(values: ReturnType<typeof bookingFormSchema.parse>) {
    const body = {
      service_id: service.id,
      scheduled_at: values.scheduled_at,
      time_zone: timeZone,
      purpose: values.purpose,
      description: values.description || undefined,
      coupon_code: values.coupon ?? undefined,
    };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    book.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: () => {
          attempt.current = null;
          clearDraft(service.id);
        },
        onError: (failure) => {
          if (isCode(failure, 'SLOT_UNAVAILABLE')) chooseStartAfterRefusal();
          else if (isCode(failure, 'COUPON_INVALID')) {
            form.setError('couponInput', { type: 'server', message: (failure as ApiError).message });
            form.setValue('coupon', null);
          } else if (!isCode(failure, 'INSUFFICIENT_FUNDS')) applyServerErrors(form, failure, fieldOfPath);
          // A refusal is final for this attempt; a lost answer (network, 5xx) keeps the key for a retry.
          if (failure instanceof ApiError && failure.status < 500) attempt.current = null;
        },
      },
    );
  }

  /** The time was taken: it leaves the form (the calendar reloads without it); the message stays. */
  function chooseStartAfterRefusal() {
    form.setValue('scheduled_at', '');
    onStartChange(null);
  }

  if (book.data) return <Booked booking={book.data} timeZone={timeZone} />;

  const taken = isCode(book.error, 'SLOT_UNAVAILABLE');
  const short = isCode(book.error, 'INSUFFICIENT_FUNDS');
  const shownError =
    taken ||
    short ||
    isCode(book.error, 'COUPON_INVALID') ||
    (book.error instanceof ApiError && book.error.details.length > 0)
      ? null
      : book.error;
  const chosen = state.scheduled_at || null;
  const returnPath = `/client-session-flow/${service.id}${chosen ? `?at=${encodeURIComponent(chosen)}` : ''}`;

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
      <ServiceSummary service={service} />
      <Form form={form} onSubmit={submit} className={`${paddedCardClasses} flex flex-col gap-6`}>
        <SelectField
          label="Show times in"
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
          hint={
            service.coach.time_zone !== timeZone
              ? `${firstName} is in ${zoneName(service.coach.time_zone)}: their own time is shown under each of yours.`
              : undefined
          }
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneName(zone)}
            </option>
          ))}
        </SelectField>
        <SlotPicker
          key={timeZone}
          coachId={service.coach_id}
          coachName={service.coach.name}
          coachZone={service.coach.time_zone}
          duration={service.duration}
          timeZone={timeZone}
          value={chosen}
          onChange={chooseStart}
          error={fieldError(form, 'scheduled_at')}
        />
        {taken ? (
          <p
            role="alert"
            className="rounded-[var(--radius-control)] border border-warning/40 bg-warning-soft px-4 py-3 text-sm"
          >
            {(book.error as ApiError).message}
          </p>
        ) : null}

        <TextField
          label="Session purpose"
          required
          maxLength={REQUEST_PURPOSE_MAX}
          placeholder="For example: finding focus after a busy season"
          hint="What would you like help with?"
          {...form.register('purpose')}
          error={fieldError(form, 'purpose')}
        />
        <TextareaField
          label="Details (optional)"
          rows={3}
          maxLength={REQUEST_DESCRIPTION_MAX}
          value={state.description}
          hint={`Anything ${firstName} should know before you meet.`}
          {...form.register('description')}
          error={fieldError(form, 'description')}
        />
        <CouponField
          input={{ ...form.register('couponInput'), onKeyDown: onCouponKey }}
          error={fieldError(form, 'couponInput')}
          applied={Boolean(state.coupon)}
          applying={applying}
          canApply={state.couponInput.trim() !== ''}
          onApply={() => void applyCoupon()}
          onRemove={() => {
            form.setValue('coupon', null);
            form.setValue('couponInput', '');
          }}
        />

        <section
          aria-label="Price"
          aria-live="polite"
          className="rounded-[var(--radius-control)] bg-primary-soft px-4 py-3 text-sm"
        >
          <p className="flex items-center gap-2 font-semibold">
            <CalendarClock aria-hidden="true" className="size-4 text-primary" />
            {chosen ? formatInZone(chosen, timeZone) : 'Choose a time above'}
          </p>
          {quote.isError ? (
            <FormError error={quote.error} />
          ) : (
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              <dt>{service.title}</dt>
              <dd className="text-right tabular-nums">{formatCents(service.price)}</dd>
              {quote.data?.discount_amount ? (
                <>
                  <dt>{`Coupon ${quote.data.coupon_code ?? ''}`}</dt>
                  <dd className="text-right tabular-nums">{`−${formatCents(quote.data.discount_amount)}`}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Held from your wallet now</dt>
              <dd className="text-right font-semibold tabular-nums">
                {final !== undefined ? formatCents(final) : '…'}
              </dd>
              {wallet.data ? (
                <>
                  <dt className="text-text-muted">Your wallet</dt>
                  <dd className="text-right text-text-muted tabular-nums">
                    {formatCents(wallet.data.balance)}
                  </dd>
                </>
              ) : null}
            </dl>
          )}
          <p className="mt-2 text-text-muted">{`Paid to ${firstName} when the session is completed.`}</p>
          <p className="mt-1 text-text-muted">
            {cancellationPolicyText(service, chosen, policyNow, timeZone)}
          </p>
        </section>

        {short || missing !== undefined ? (
          <NotEnoughInWallet
            linkLabel="Top up your wallet"
            to={`/wallet?return=${encodeURIComponent(returnPath)}`}
          >
            <p className="text-text">
              {missing !== undefined
                ? `You need ${formatCents(missing)} more to book this session. Your time and answers are kept while you top up.`
                : `${(book.error as ApiError).message} Your time and answers are kept while you top up.`}
            </p>
          </NotEnoughInWallet>
        ) : null}
        <FormError error={shownError} />

        <Button type="submit" disabled={book.isPending} className="w-full">
          {book.isPending ? (
            <Spinner className="size-4 border-2" />
          ) : (
            <CalendarCheck aria-hidden="true" className="size-4" />
          )}
          {`Book${final !== undefined ? ` · ${formatCents(final)}` : ''}`}
        </Button>
      </Form>
    </div>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Loads the service, then the booking screen; a paused or unknown service, or one's own, says so. */
export function BookingFlow({
  serviceId,
  userId,
  viewerZone,
  initialStart,
  onStartChange,
}: {
  serviceId: string;
  userId: string;
  viewerZone: string;
  initialStart: string | null;
  onStartChange: (start: string | null) => void;
}) {
  // An address that cannot name a service (a mistyped link) is not asked for at all.
  const wellFormed = UUID.test(serviceId);
  const service = useQuery({ ...bookableServiceQueryOptions(serviceId), enabled: wellFormed });
  if (wellFormed && service.isPending) return <SkeletonRows label="Loading the service…" rows={6} />;
  if (!wellFormed || service.isError) {
    if (!wellFormed || isCode(service.error, 'NOT_FOUND'))
      return (
        <MessageCard
          icon={SearchX}
          title="This service is not offered right now"
          action={
            <Link to="/discover" className={buttonClasses('primary')}>
              Find a coach
            </Link>
          }
        >
          The coach may have paused it or taken it away. Their other services are on their page.
        </MessageCard>
      );
    return (
      <LoadError
        title="The service could not be loaded"
        error={service.error}
        onRetry={() => void service.refetch()}
      />
    );
  }
  const found = service.data;
  if (!found) return <SkeletonRows label="Loading the service…" rows={6} />;
  if (found.coach_id === userId)
    return (
      <MessageCard
        icon={CalendarX}
        title="This is your own service"
        action={
          <Link to="/services" className={buttonClasses('primary')}>
            Manage your services
          </Link>
        }
      >
        Clients book it here. Your bookable hours are on your Services page.
      </MessageCard>
    );
  return (
    <BookingFlowScreen
      service={found}
      userId={userId}
      viewerZone={viewerZone}
      initialStart={initialStart}
      onStartChange={onStartChange}
    />
  );
}
