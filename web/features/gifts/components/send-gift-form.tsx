import { useQuery } from '@tanstack/react-query';
import { Gift, Wallet } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  GIFT_CREDIT_MAX_CENTS,
  GIFT_CREDIT_MIN_CENTS,
  GIFT_CREDIT_PRESETS_CENTS,
  GIFT_MESSAGE_MAX,
  GIFT_SESSION_MINUTES,
  type CreateGiftBody,
  type GiftSessionMinutes,
} from '#contracts/gifts';
import { SESSION_FORMATS, type SessionFormat } from '#domain/coaching/categories';
import { Button } from '#web/components/button';
import { Card } from '#web/components/card';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { NotEnoughInWallet } from '#web/components/not-enough-in-wallet';
import { Spinner } from '#web/components/spinner';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import { newIdempotencyKey, useSendGift, walletBalanceQueryOptions } from '../api/gifts';
import {
  deliveryBounds,
  deliveryHourHere,
  describeSession,
  giftAmount,
  giftFormSchema,
  giftInputOfPath,
  inputOfGiftField,
  sessionPrice,
  type GiftFormField,
  type GiftFormState,
  type GiftKind,
} from '../lib/gift-form';
import { CoachPicker } from './coach-picker';
import { Segmented } from '#web/components/segmented';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';
import { AmountPresets } from '#web/components/amount-presets';

const INITIAL: GiftFormState = {
  kind: 'credit',
  preset: GIFT_CREDIT_PRESETS_CENTS[1],
  custom: '',
  coach: null,
  format: 'video',
  minutes: 30,
  recipientEmail: '',
  message: '',
  deliverOn: '',
};

const KIND_OPTIONS = [
  { value: 'credit', label: 'Wallet credit' },
  { value: 'session', label: 'A session' },
] as const satisfies readonly { value: GiftKind; label: string }[];

const dayFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The sender's balance, with the way to add more. */
function WalletLine({ userId }: { userId: string }) {
  const wallet = useQuery(walletBalanceQueryOptions(userId));
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="inline-flex items-center gap-1.5 text-text-muted">
        <Wallet aria-hidden="true" className="size-4" />
        Your wallet:{' '}
        <span className="font-semibold text-text tabular-nums" data-testid="gift-wallet-balance">
          {wallet.isSuccess ? formatCents(wallet.data.balance) : wallet.isError ? 'unavailable' : '…'}
        </span>
      </span>
      <Link to="/wallet" className="font-semibold text-primary underline-offset-2 hover:underline">
        Add funds
      </Link>
    </div>
  );
}

/** "Not enough in your wallet" (a 402, or a balance already known to be short), with Add funds. */
function NotEnough({ amount, balance }: { amount: number | undefined; balance: number | undefined }) {
  return (
    <NotEnoughInWallet linkLabel="Add funds" wide>
      <p className="text-text-muted">
        {amount !== undefined && balance !== undefined
          ? `This gift costs ${formatCents(amount)} and your wallet has ${formatCents(balance)}. `
          : ''}
        Add funds, then send the gift again.
      </p>
    </NotEnoughInWallet>
  );
}

/**
 * "Send a gift": wallet credit (presets or an amount) or a session with a chosen coach (format and
 * length, priced before sending), to an email address, with a message and an optional delivery date.
 */
export function SendGiftForm({ userId, ownEmail }: { userId: string; ownEmail: string | null }) {
  const [schema] = useState(() => giftFormSchema(() => ({ now: new Date(), ownEmail })));
  const form = useZodForm(schema, { defaultValues: INITIAL });
  const state = form.watch();
  const [short, setShort] = useState(false);
  // One key per attempt: kept while the same gift is retried, new as soon as anything changes.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const send = useSendGift(userId);
  const wallet = useQuery(walletBalanceQueryOptions(userId));
  const { toast } = useToast();
  const [bounds] = useState(() => deliveryBounds(new Date()));

  const amount = giftAmount(state);
  const balance = wallet.data?.balance;

  /** A change clears its field's message, the "not enough" notice and a refusal of the last attempt. */
  const cleared = (field?: GiftFormField) => {
    if (field) form.clearErrors(inputOfGiftField(field));
    setShort(false);
    if (send.isError) send.reset();
  };
  const change = (changes: Partial<GiftFormState>, field?: GiftFormField) => {
    for (const [key, value] of Object.entries(changes))
      form.setValue(key as keyof GiftFormState, value as never);
    cleared(field);
  };
  const input = (name: 'custom' | 'recipientEmail' | 'message' | 'deliverOn', field: GiftFormField) =>
    form.register(name, { onChange: () => cleared(field) });
  const error = (field: GiftFormField) => fieldError(form, inputOfGiftField(field)) ?? null;

  function submit(body: CreateGiftBody) {
    if (balance !== undefined && amount !== undefined && balance < amount) {
      setShort(true);
      return;
    }
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    send.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: ({ gift }) => {
          attempt.current = null;
          toast({
            title: 'Gift sent',
            description: gift.scheduled
              ? `We'll email ${gift.recipient_email} on ${dayFormatter.format(new Date(gift.deliver_at))}.`
              : `We've emailed ${gift.recipient_email} a link to claim it.`,
          });
          form.reset({ ...INITIAL, kind: form.getValues('kind') });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'INSUFFICIENT_FUNDS') setShort(true);
          else if (failure instanceof ApiError && failure.code === 'VALIDATION_ERROR') {
            form.clearErrors();
            applyServerErrors(form, failure, giftInputOfPath);
          }
        },
      },
    );
  }

  const serverError =
    send.error instanceof ApiError && ['INSUFFICIENT_FUNDS', 'VALIDATION_ERROR'].includes(send.error.code)
      ? null
      : send.error;

  return (
    <Card as="section" padded aria-labelledby="send-gift-heading">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="send-gift-heading" className="text-lg font-semibold">
          Send a gift
        </h2>
        <WalletLine userId={userId} />
      </div>

      <Form form={form} onSubmit={submit} className="mt-5 flex flex-col gap-5">
        <Segmented
          label="What to give"
          value={state.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => change({ kind }, state.kind === 'credit' ? 'amount' : 'coach')}
        />

        {state.kind === 'credit' ? (
          <div className="flex flex-col gap-3">
            <AmountPresets
              amounts={GIFT_CREDIT_PRESETS_CENTS}
              chosen={state.custom.trim() === '' ? state.preset : null}
              onPick={(preset) => change({ preset, custom: '' }, 'amount')}
            />
            <div className="max-w-xs">
              <TextField
                label="Or another amount"
                inputMode="decimal"
                placeholder="$40.00"
                {...input('custom', 'amount')}
                hint={`From ${formatCents(GIFT_CREDIT_MIN_CENTS)} to ${formatCents(GIFT_CREDIT_MAX_CENTS)}.`}
                error={error('amount')}
              />
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <CoachPicker
              coach={state.coach}
              onChange={(coach) => change({ coach }, 'coach')}
              error={error('coach') ?? undefined}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <p id="gift-format-label" className="text-sm font-medium text-text">
                  Format
                </p>
                <Segmented<SessionFormat>
                  labelledBy="gift-format-label"
                  size="sm"
                  value={state.format}
                  options={SESSION_FORMATS.map((format) => ({
                    value: format,
                    label: FORMAT_ADJECTIVES[format],
                    ...(state.coach
                      ? { hint: formatCents(sessionPrice(state.coach, format, state.minutes)) }
                      : {}),
                  }))}
                  onChange={(format) => change({ format })}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <p id="gift-length-label" className="text-sm font-medium text-text">
                  Length
                </p>
                <Segmented<`${GiftSessionMinutes}`>
                  labelledBy="gift-length-label"
                  size="sm"
                  value={`${state.minutes}`}
                  options={GIFT_SESSION_MINUTES.map((minutes) => ({
                    value: `${minutes}`,
                    label: `${minutes} min`,
                  }))}
                  onChange={(minutes) => change({ minutes: Number(minutes) as GiftSessionMinutes })}
                />
              </div>
            </div>
            {state.coach ? (
              <p
                className="rounded-[var(--radius-control)] bg-primary-soft px-4 py-3 text-sm"
                aria-live="polite"
                data-testid="gift-session-price"
              >
                A{' '}
                {describeSession({
                  coach_name: state.coach.full_name ?? 'this coach',
                  format: state.format,
                  duration_minutes: state.minutes,
                })}{' '}
                costs{' '}
                <span className="font-semibold tabular-nums">
                  {formatCents(sessionPrice(state.coach, state.format, state.minutes))}
                </span>
                . They receive it as wallet credit to book it.
              </p>
            ) : null}
          </div>
        )}

        <TextField
          label="Recipient's email"
          type="email"
          autoComplete="off"
          inputMode="email"
          placeholder="name@example.com"
          {...input('recipientEmail', 'recipientEmail')}
          hint="They claim the gift by signing in with this address."
          error={error('recipientEmail')}
        />
        <TextareaField
          label="Message (optional)"
          maxLength={GIFT_MESSAGE_MAX}
          rows={3}
          placeholder="Thinking of you. Enjoy a session on me."
          value={state.message}
          {...input('message', 'message')}
          error={error('message')}
        />
        <div className="max-w-xs">
          <TextField
            label="Delivery date (optional)"
            type="date"
            min={bounds.min}
            max={bounds.max}
            {...input('deliverOn', 'deliverOn')}
            hint={`Leave it empty to send now. A later date arrives at ${deliveryHourHere()} your time.`}
            error={error('deliverOn')}
          />
        </div>

        {short ? <NotEnough amount={amount} balance={balance} /> : <FormError error={serverError} />}

        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? (
              <Spinner className="size-4 border-2" />
            ) : (
              <Gift aria-hidden="true" className="size-4" />
            )}
            {amount !== undefined && amount > 0 ? `Send gift · ${formatCents(amount)}` : 'Send gift'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
