import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Hourglass, Plus, Wallet } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  SESSION_EXTENSION_MINUTES,
  SESSION_EXTENSION_PENDING_MS,
  type SessionExtension,
  type SessionExtensionOffer,
} from '#contracts/session-extensions';
import type { ChatSession } from '#contracts/sessions';
import { cents } from '#domain/money/cents';
import { splitSettlement } from '#domain/money/pricing';
import { Button, buttonClasses } from '#web/components/button';
import { Dialog } from '#web/components/dialog';
import { errorText, FormError } from '#web/components/form-error';
import { Segmented } from '#web/components/segmented';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import {
  acceptMoreTime,
  askForMoreTime,
  leaveMoreTime,
  newIdempotencyKey,
  sessionExtensionsQueryOptions,
  storeExtension,
  walletQueryOptions,
} from '../api/session-extensions';
import { useExtensionEvents } from '../hooks/use-extension-events';
import { formatTime, localTimeZone } from '#web/lib/dates';

const ANSWER_WINDOW = `${Math.round(SESSION_EXTENSION_PENDING_MS / 60_000)} minutes`;
const timeText = (iso: string | number) => formatTime(iso, localTimeZone());

/** m:ss until `at`, within the answer window (a browser clock a little behind the server's never shows more). */
function countdown(at: string, now: number): string {
  const seconds = Math.min(
    SESSION_EXTENSION_PENDING_MS / 1000,
    Math.max(0, Math.ceil((Date.parse(at) - now) / 1000)),
  );
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The current time, ticking every second while `enabled`. */
function useTick(enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [enabled]);
  return now;
}

/**
 * More time in a live session, shown beside the time left. The client: "Add time"
 * opens a dialog with 15 or 30 minutes and what is held from the wallet, then waits for the coach with
 * a Cancel. The coach: a calm, unmistakable prompt with Accept and Decline. Both: the outcome as a
 * toast; the longer time itself arrives with the session (chat_session.updated). Nothing for anyone
 * else (a guest).
 */
export function SessionExtensions({ session, viewerId }: { session: ChatSession; viewerId: string }) {
  const role = viewerId === session.coach_id ? 'coach' : viewerId === session.client_id ? 'client' : null;
  if (!role) return null;
  return <Extensions session={session} viewerId={viewerId} role={role} />;
}

function Extensions({
  session,
  viewerId,
  role,
}: {
  session: ChatSession;
  viewerId: string;
  role: 'coach' | 'client';
}) {
  const query = useQuery(sessionExtensionsQueryOptions(session.id));
  useOutcomeToasts(session.id, viewerId, role);
  const pending = query.data?.pending ?? null;
  const now = useTick(pending !== null);
  const live = pending && Date.parse(pending.expires_at) > now ? pending : null;
  // Announced once per change (the countdowns on screen are not read out every second).
  const announcement = live
    ? role === 'coach'
      ? `${live.client_name} asks for ${live.minutes} more minutes (${formatCents(live.price)}).`
      : `Waiting for ${session.coach_name} to accept ${live.minutes} more minutes.`
    : '';
  return (
    <div className="mt-4" data-testid="session-extensions">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {role === 'client' ? (
        <ClientSide
          session={session}
          viewerId={viewerId}
          pending={live}
          now={now}
          offers={query.data?.offers}
        />
      ) : live ? (
        <CoachPrompt extension={live} session={session} now={now} />
      ) : null}
    </div>
  );
}

/** Outcome toasts from the events (each ask and status once, whoever's tab caused it). */
function useOutcomeToasts(sessionId: string, viewerId: string, role: 'coach' | 'client') {
  const { toast } = useToast();
  const shown = useRef(new Set<string>());
  useExtensionEvents(sessionId, viewerId, (extension) => {
    const key = `${extension.id}:${extension.status}`;
    if (shown.current.has(key)) return;
    shown.current.add(key);
    const message = outcomeMessage(extension, role);
    if (message) toast(message);
  });
}

function outcomeMessage(
  extension: SessionExtension,
  role: 'coach' | 'client',
): { title: string; description: string } | null {
  const price = formatCents(extension.price);
  const minutes = `${extension.minutes} minutes`;
  if (role === 'client')
    switch (extension.status) {
      case 'accepted':
        return {
          title: `${minutes} added`,
          description: `${extension.coach_name} accepted. ${price} is paid with the session when it ends.`,
        };
      case 'declined':
        return {
          title: 'More time declined',
          description: `${extension.coach_name} declined. ${price} is back in your wallet.`,
        };
      case 'expired':
        return {
          title: 'More time not added',
          description: `${extension.coach_name} didn't accept in time. ${price} is back in your wallet.`,
        };
      case 'cancelled':
        return { title: 'Request cancelled', description: `${price} is back in your wallet.` };
      default:
        return null;
    }
  switch (extension.status) {
    case 'accepted':
      return {
        title: `${minutes} added`,
        description: `The session with ${extension.client_name} is longer now.`,
      };
    case 'declined':
      return { title: 'More time declined', description: `${extension.client_name} gets ${price} back.` };
    case 'cancelled':
      return {
        title: 'Request withdrawn',
        description: `${extension.client_name} cancelled the request for ${minutes} more.`,
      };
    case 'expired':
      return {
        title: 'Request expired',
        description: `The request for ${minutes} more was not answered in time.`,
      };
    default:
      return null;
  }
}

function ClientSide({
  session,
  viewerId,
  pending,
  now,
  offers,
}: {
  session: ChatSession;
  viewerId: string;
  pending: SessionExtension | null;
  now: number;
  offers: SessionExtensionOffer[] | undefined;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  if (pending)
    return (
      <div className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-primary/30 bg-primary-soft px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-2">
          <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <div>
            <p className="font-semibold text-text">
              Waiting for {session.coach_name} to accept {pending.minutes} more minutes…
            </p>
            <p className="text-text-muted">
              {formatCents(pending.price)} is held from your wallet. It comes back if they decline or don't
              answer <span className="tabular-nums">({countdown(pending.expires_at, now)} left)</span>.
            </p>
          </div>
        </div>
        <Button
          variant="secondary"
          className="shrink-0"
          disabled={cancelling}
          onClick={() => {
            setCancelling(true);
            leaveMoreTime(pending.id, 'cancel')
              .then((extension) => storeExtension(queryClient, extension))
              .catch((error: unknown) => {
                // 409: the coach answered first; the event brings the outcome.
                if (!(error instanceof ApiError && error.status === 409))
                  toast({
                    title: 'The request was not cancelled',
                    description: errorText(error),
                    variant: 'destructive',
                  });
              })
              .finally(() => setCancelling(false));
          }}
        >
          Cancel request
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-text-muted">Need longer? Ask {session.coach_name} for more time.</p>
      <Button variant="secondary" className="shrink-0" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        Add time
      </Button>
      {open ? (
        <AddTimeDialog
          session={session}
          viewerId={viewerId}
          offers={offers}
          onClose={() => setOpen(false)}
          onSent={(extension) => {
            storeExtension(queryClient, extension);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function AddTimeDialog({
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
  const [minutes, setMinutes] = useState<number>(SESSION_EXTENSION_MINUTES[0]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const attempt = useRef<{ minutes: number; key: string } | null>(null);
  const wallet = useQuery(walletQueryOptions(viewerId));
  const labelId = useId();
  const offer = offers?.find((item) => item.minutes === minutes);
  const balance = wallet.data?.balance;
  const short = offer !== undefined && balance !== undefined && balance < offer.price;
  const refused = error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS';

  const send = async () => {
    // One key per attempt: a retry of the same choice reuses it, so nothing is held twice.
    if (attempt.current?.minutes !== minutes) attempt.current = { minutes, key: newIdempotencyKey() };
    setSending(true);
    setError(null);
    try {
      const extension = await askForMoreTime(session.id, minutes, attempt.current.key);
      attempt.current = null;
      void queryClient.invalidateQueries({ queryKey: ['wallet', viewerId] });
      onSent(extension);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 0) attempt.current = null;
      setError(caught);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Add time to your session"
      description={`Ask ${session.coach_name} for more minutes. They accept or decline right in the session.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={() => void send()} disabled={sending || !offer || short}>
            {sending ? 'Sending…' : 'Send request'}
          </Button>
        </>
      }
    >
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
            setMinutes(Number(value));
            setError(null);
          }}
        />
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
    </Dialog>
  );
}

function CoachPrompt({
  extension,
  session,
  now,
}: {
  extension: SessionExtension;
  session: ChatSession;
  now: number;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const headingId = useId();
  const share = splitSettlement(cents(extension.price)).coach;
  const newEnd = Date.parse(session.ends_at) + extension.minutes * 60_000;

  const act = async (action: 'accept' | 'decline') => {
    setBusy(action);
    try {
      if (action === 'accept') storeExtension(queryClient, (await acceptMoreTime(extension.id)).extension);
      else storeExtension(queryClient, await leaveMoreTime(extension.id, 'decline'));
    } catch (error) {
      // 409: it was cancelled or expired meanwhile; the event brings the outcome.
      if (!(error instanceof ApiError && error.status === 409))
        toast({
          title: action === 'accept' ? 'The extra time was not added' : 'The request was not declined',
          description: errorText(error),
          variant: 'destructive',
        });
      else
        void queryClient.invalidateQueries({ queryKey: sessionExtensionsQueryOptions(session.id).queryKey });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-[var(--radius-control)] border-2 border-primary bg-primary-soft px-4 py-3"
      data-testid="extension-prompt"
    >
      <h3 id={headingId} className="flex items-start gap-2 font-semibold text-text">
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>
          {extension.client_name} asks for {extension.minutes} more minutes ({formatCents(extension.price)})
        </span>
      </h3>
      <p className="mt-1 text-sm text-text-muted">
        You receive {formatCents(share)} (95 %) when the session ends, which would then be at{' '}
        {timeText(newEnd)}.{' '}
        <span className="tabular-nums">Answer within {countdown(extension.expires_at, now)}.</span>
      </p>
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy !== null} onClick={() => void act('decline')}>
          Decline
        </Button>
        <Button disabled={busy !== null} onClick={() => void act('accept')}>
          Accept
        </Button>
      </div>
    </section>
  );
}
