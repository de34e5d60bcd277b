import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  createSessionExtensionSchema,
  SESSION_EXTENSION_MINUTES,
  type SessionExtension,
  type SessionExtensionOffer,
} from '#contracts/session-extensions';
import type { ChatSession } from '#contracts/sessions';
import { Button, buttonClasses } from '#web/components/button';
import { Dialog, DialogFooter } from '#web/components/dialog';
import { FieldError } from '#web/components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { errorText, FormError } from '#web/components/form-error';
import { Segmented } from '#web/components/segmented';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import { askForMoreTime, newIdempotencyKey, walletQueryOptions } from '../api/session-extensions';
import { ANSWER_WINDOW } from '../lib/extension-outcome';

/**
 * The client's ask for more time (a react-hook-form form over the contract's body schema): 15 or 30
 * minutes, what is held from the wallet, and what to do when the wallet is short.
 */
export function AddTimeDialog({
  session,
  viewerId,
  offers,
  onClose,
  onSent,
}: {
  session: ChatSession;
  viewerId: string;
  offers: SessionExtensionOffer[] | undefined;
  onClose: () => void;
  onSent: (extension: SessionExtension) => void;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm(createSessionExtensionSchema, {
    defaultValues: { minutes: SESSION_EXTENSION_MINUTES[0] },
  });
  const minutes = form.watch('minutes');
  const sending = form.formState.isSubmitting;
  const [error, setError] = useState<unknown>(null);
  const attempt = useRef<{ minutes: number; key: string } | null>(null);
  const wallet = useQuery(walletQueryOptions(viewerId));
  const labelId = useId();
  const offer = offers?.find((item) => item.minutes === minutes);
  const balance = wallet.data?.balance;
  const short = offer !== undefined && balance !== undefined && balance < offer.price;
  const refused = error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS';

  async function send(body: z.output<typeof createSessionExtensionSchema>) {
    // One key per attempt: a retry of the same choice reuses it, so nothing is held twice.
    if (attempt.current?.minutes !== body.minutes)
      attempt.current = { minutes: body.minutes, key: newIdempotencyKey() };
    setError(null);
    try {
      const extension = await askForMoreTime(session.id, body.minutes, attempt.current.key);
      attempt.current = null;
      void queryClient.invalidateQueries({ queryKey: ['wallet', viewerId] });
      onSent(extension);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 0) attempt.current = null;
      if (!applyServerErrors(form, caught, { minutes: 'minutes' })) setError(caught);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Add time to your session"
      description={`Ask ${session.coach_name} for more minutes. They accept or decline right in the session.`}
    >
      <Form form={form} onSubmit={send} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <p id={labelId} className="text-sm font-medium">
            How much more time?
          </p>
          <Segmented
            labelledBy={labelId}
            value={String(minutes)}
            options={SESSION_EXTENSION_MINUTES.map((value) => {
              const price = offers?.find((item) => item.minutes === value)?.price;
              return {
                value: String(value),
                label: `${value} min`,
                ...(price !== undefined ? { hint: formatCents(price) } : {}),
              };
            })}
            onChange={(value) => {
              form.setValue('minutes', Number(value));
              form.clearErrors('minutes');
              setError(null);
            }}
          />
          <FieldError error={fieldError(form, 'minutes')} />
        </div>
        <section
          aria-label="Price"
          aria-live="polite"
          className="rounded-[var(--radius-control)] bg-primary-soft px-4 py-3 text-sm text-text"
        >
          {offer ? (
            <dl className="flex flex-col gap-1.5" data-testid="extension-quote">
              <div className="flex items-baseline justify-between gap-3">
                <dt>{minutes} more minutes</dt>
                <dd className="tabular-nums">{formatCents(offer.price)}</dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 font-semibold">
                <dt>Held from your wallet now</dt>
                <dd className="tabular-nums">{formatCents(offer.price)}</dd>
              </div>
              <p className="mt-1 text-text-muted">
                {`Charged only if ${session.coach_name} accepts, with the session's payment when it ends. If they decline or don't answer within ${ANSWER_WINDOW}, it goes straight back to your wallet.`}
              </p>
              {balance !== undefined ? (
                <p className="flex items-center gap-1.5 text-text-muted">
                  <Wallet aria-hidden="true" className="size-4" />
                  {`Your wallet: ${formatCents(balance)}`}
                </p>
              ) : null}
            </dl>
          ) : (
            <p className="text-text-muted">Getting the price…</p>
          )}
        </section>
        {short || refused ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-warning/40 bg-warning-soft px-4 py-3 text-sm"
          >
            <div>
              <p className="font-semibold text-text">Not enough in your wallet</p>
              <p className="text-text">
                {short && offer && balance !== undefined
                  ? `You need ${formatCents(offer.price - balance)} more for ${minutes} more minutes.`
                  : errorText(error)}
              </p>
            </div>
            <Link to="/wallet" target="_blank" className={buttonClasses('secondary', 'self-start')}>
              <Wallet aria-hidden="true" className="size-4" />
              Top up your wallet
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </div>
        ) : error ? (
          <FormError error={error} />
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
          <Button type="submit" disabled={sending || !offer || short}>
            {sending ? 'Sending…' : 'Send request'}
          </Button>
        </DialogFooter>
      </Form>
    </Dialog>
  );
}
