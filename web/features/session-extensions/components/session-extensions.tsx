import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Hourglass, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { SessionExtension, SessionExtensionOffer } from '#contracts/session-extensions';
import type { ChatSession } from '#contracts/sessions';
import { Button } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import { leaveMoreTime, sessionExtensionsQueryOptions, storeExtension } from '../api/session-extensions';
import { useExtensionEvents } from '../hooks/use-extension-events';
import { countdown, outcomeMessage } from '../lib/extension-outcome';
import { AddTimeDialog } from './add-time-dialog';
import { CoachPrompt } from './coach-prompt';

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
