import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CircleCheck, Clock, MessageSquare, SearchX, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  requestEventPayloadSchema,
  sessionEventPayloadSchema,
  SESSION_EVENTS,
  SESSION_MESSAGES,
  type SessionRequest,
} from '../../../../contracts/sessions';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClasses } from '../../../components/button';
import { ConfirmDialog } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { onUserEvent, onUserResync } from '../../../lib/realtime/user-events';
import {
  newIdempotencyKey,
  requestSessionQueryOptions,
  sessionRequestQueryKey,
  sessionRequestQueryOptions,
  storeRequest,
  useCancelSessionRequest,
} from '../api/session-requests';
import {
  coachNameOf,
  coachPagePath,
  describeRequest,
  formatCountdown,
  formatPreferred,
} from '../lib/display';
import { claimSessionToast, JOIN_DELAY_MS, openWaitingRoom } from '../lib/session-toasts';
import { FallbackOffers } from './fallback-offers';
import { paddedCardClasses } from '../../../components/card';

/** While a pending request is past its expiry, ask again this often until the server has closed it. */
const PAST_EXPIRY_POLL_MS = 5_000;

/** The clock, re-read every second while `running`. */
function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

function titleOf(request: SessionRequest, sessionEnded: boolean): string {
  const coach = coachNameOf(request);
  switch (request.status) {
    case 'pending':
      return `Waiting for ${coach}`;
    case 'accepted':
      return sessionEnded ? 'Your session has ended' : 'Request accepted';
    case 'declined':
      return `${coach} can't make it right now`;
    case 'expired':
      return 'No answer this time';
    case 'cancelled':
      return 'Request cancelled';
  }
}

function RequestSummary({ request }: { request: SessionRequest }) {
  const coach = coachNameOf(request);
  const scheduled = request.preferred_date && request.preferred_time;
  return (
    <section aria-label="Your request" className={paddedCardClasses}>
      <div className="flex items-center gap-3">
        <Avatar name={coach} size={48} className="size-12 text-base" />
        <div className="min-w-0">
          <p className="font-semibold">
            {request.coach_username || request.coach_id ? (
              <Link
                to={coachPagePath({ username: request.coach_username, id: request.coach_id })}
                className="underline-offset-2 hover:underline"
              >
                {coach}
              </Link>
            ) : (
              coach
            )}
          </p>
          <p className="text-sm text-text-muted first-letter:uppercase">{describeRequest(request)}</p>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="font-medium text-text-muted">Purpose</dt>
          <dd className="mt-0.5 break-words">{request.purpose}</dd>
        </div>
        {request.description ? (
          <div className="sm:col-span-2">
            <dt className="font-medium text-text-muted">Details</dt>
            <dd className="mt-0.5 break-words whitespace-pre-line">{request.description}</dd>
          </div>
        ) : null}
        {scheduled ? (
          <div>
            <dt className="font-medium text-text-muted">Requested time</dt>
            <dd className="mt-0.5">{formatPreferred(request.preferred_date!, request.preferred_time!)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-text-muted">
            {request.status === 'pending' ? 'Held from your wallet' : 'Price'}
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums">
            {formatCents(request.price)}
            {request.discount_amount && request.coupon_code ? (
              <span className="ml-2 text-xs font-normal text-text-muted">
                {`${formatCents(request.discount_amount)} off with ${request.coupon_code}`}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function CoachMessage({ request }: { request: SessionRequest }) {
  if (!request.coach_message) return null;
  return (
    <section
      aria-label={`Message from ${coachNameOf(request)}`}
      className="rounded-[var(--radius-card)] border border-info/30 bg-info/5 p-4"
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare aria-hidden="true" className="size-4 text-info" />
        {`Message from ${coachNameOf(request)}`}
      </p>
      <blockquote className="mt-2 break-words whitespace-pre-line">{request.coach_message}</blockquote>
    </section>
  );
}

function StatusPanel({ icon, tone, children }: { icon: ReactNode; tone: string; children: ReactNode }) {
  return (
    <div role="status" className={`flex items-start gap-3 rounded-[var(--radius-card)] border p-4 ${tone}`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1 text-sm">{children}</div>
    </div>
  );
}

function PendingPanel({
  request,
  now,
  onCancel,
  cancelling,
}: {
  request: SessionRequest;
  now: number;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const coach = coachNameOf(request);
  const left = Date.parse(request.expires_at) - now;
  const scheduled = request.scheduled && request.preferred_date && request.preferred_time;
  return (
    <section aria-labelledby="waiting-status" className={paddedCardClasses}>
      <h2 id="waiting-status" className="flex items-center gap-2 text-lg font-semibold">
        <span aria-hidden="true" className="relative flex size-3">
          <span className="absolute inline-flex size-full rounded-full bg-primary opacity-60 motion-safe:animate-ping" />
          <span className="relative inline-flex size-3 rounded-full bg-primary" />
        </span>
        {scheduled ? `Asked ${coach} for this time` : `We've let ${coach} know`}
      </h2>
      {scheduled ? (
        <p className="mt-2 text-text-muted">
          {`${coach} can accept until ${formatPreferred(request.preferred_date!, request.preferred_time!)}. You can leave this page: we'll tell you here as soon as they answer.`}
        </p>
      ) : left > 0 ? (
        <>
          <p className="mt-2 text-text-muted">
            {`They'll answer here. Stay on this page, or keep browsing: we'll tell you as soon as they do.`}
          </p>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2 text-sm text-text-muted">
            <Clock aria-hidden="true" className="size-4 self-center" />
            Time left to answer
            <span
              role="timer"
              aria-live="off"
              data-testid="waiting-countdown"
              className="text-2xl font-semibold text-text tabular-nums"
            >
              {formatCountdown(left)}
            </span>
          </p>
        </>
      ) : (
        <p className="mt-2 flex items-center gap-2 text-text-muted">
          <Spinner className="size-4 border-2" />
          {`Time's up. Checking for ${coach}'s answer…`}
        </p>
      )}
      <p className="mt-4 text-sm text-text-muted">
        {`${formatCents(request.price)} is held from your wallet. It's charged only if the session happens; if ${coach} declines or doesn't answer, it goes straight back.`}
      </p>
      <div className="mt-5">
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          {cancelling ? <Spinner className="size-4 border-2" /> : null}
          Cancel request
        </Button>
      </div>
    </section>
  );
}

/** Not found, or not theirs (the server answers 404 to anyone but the parties). */
function RequestNotFound() {
  return (
    <PageShell title="Request not found">
      <div className={`${paddedCardClasses} flex flex-col items-start gap-4`}>
        <SearchX aria-hidden="true" className="size-8 text-text-muted" />
        <p>
          We couldn't find this session request. It may belong to another account, or the link may be
          incomplete.
        </p>
        <Link to="/discover" className={buttonClasses('primary')}>
          Find a coach
        </Link>
      </div>
    </PageShell>
  );
}

/**
 * /waiting-room/:requestId: the client's request with its live status ('session_request.updated' for
 * it, refetched on resync), a countdown to its expiry and Cancel (confirmed first). Accepted: 'Request
 * Accepted!' and the session 1 s later. Declined or expired: the fallback offers in one place.
 * Cancelled: said so, with the way back. A coach's message is shown.
 */
export function WaitingRoomScreen({ requestId, userId }: { requestId: string; userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const query = useQuery({
    ...sessionRequestQueryOptions(requestId),
    refetchInterval: (current) => {
      const request = current.state.data;
      return request?.status === 'pending' && Date.parse(request.expires_at) <= Date.now()
        ? PAST_EXPIRY_POLL_MS
        : false;
    },
  });
  const request = query.data;
  const pending = request?.status === 'pending';
  // An accepted request's session may be over by now (an old link): ask it, unless we are joining.
  const acceptedSessionId = request?.status === 'accepted' ? request.session_id : null;
  const acceptedSession = useQuery({
    ...requestSessionQueryOptions(acceptedSessionId ?? ''),
    enabled: acceptedSessionId !== null,
  });
  const sessionEnded = acceptedSession.data?.status === 'completed';
  const now = useNow(pending);
  const [confirming, setConfirming] = useState(false);
  const [joining, setJoining] = useState<string | null>(null);
  const cancel = useCancelSessionRequest(userId);
  const cancelKey = useRef<string | null>(null);
  const joinTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  });

  // At expiry, ask once at once (then the poll above) instead of waiting for the next poll.
  const expired = pending && request ? Date.parse(request.expires_at) <= now : false;
  useEffect(() => {
    if (expired) void query.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when it turns past expiry
  }, [expired]);

  useEffect(() => openWaitingRoom(requestId), [requestId]);

  useEffect(() => {
    const join = (sessionId: string, coachName: string) => {
      if (joinTimer.current !== null) return;
      if (claimSessionToast(sessionId))
        toast({ title: SESSION_MESSAGES.accepted, description: `Joining your session with ${coachName}…` });
      setJoining(sessionId);
      joinTimer.current = setTimeout(() => {
        void latestNavigate.current(`/session/${sessionId}`);
      }, JOIN_DELAY_MS);
    };
    const offRequest = onUserEvent(SESSION_EVENTS.requestUpdated, (event) => {
      const parsed = requestEventPayloadSchema.safeParse(event.payload);
      if (!parsed.success || parsed.data.request.id !== requestId) return;
      const next = parsed.data.request;
      storeRequest(queryClient, next);
      if (next.status === 'accepted' && next.session_id) join(next.session_id, coachNameOf(next));
    });
    // The new session may tell first (its events come before the request's): it names its request.
    const offSession = onUserEvent(SESSION_EVENTS.sessionUpdated, (event) => {
      const parsed = sessionEventPayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      const { session } = parsed.data;
      if (session.request_id !== requestId || session.status !== 'active') return;
      join(session.id, session.coach_name || SESSION_MESSAGES.coachNameFallback);
      void queryClient.invalidateQueries({ queryKey: sessionRequestQueryKey(requestId), exact: true });
    });
    // After missed events, and every few seconds while live updates are paused: read the request again;
    // accepted while this screen waited, the client joins just as the event would have taken them.
    const offResync = onUserResync(() => {
      const waited =
        queryClient.getQueryData(sessionRequestQueryOptions(requestId).queryKey)?.status === 'pending';
      void queryClient.fetchQuery(sessionRequestQueryOptions(requestId)).then(
        (next) => {
          if (waited && next.status === 'accepted' && next.session_id)
            join(next.session_id, coachNameOf(next));
        },
        () => undefined,
      );
    });
    return () => {
      offRequest();
      offSession();
      offResync();
      if (joinTimer.current !== null) clearTimeout(joinTimer.current);
      joinTimer.current = null;
    };
  }, [queryClient, requestId, toast]);

  function confirmCancel() {
    cancelKey.current ??= newIdempotencyKey();
    cancel.mutate(
      { id: requestId, key: cancelKey.current },
      {
        onSuccess: () => {
          cancelKey.current = null;
          setConfirming(false);
          toast({ title: 'Request cancelled', description: 'The amount held is back in your wallet.' });
        },
        onError: (error) => {
          // Refused (the coach answered first): this attempt is over; the page shows the new status.
          if (error instanceof ApiError && error.status < 500) {
            cancelKey.current = null;
            setConfirming(false);
          }
        },
      },
    );
  }

  if (isGone(query.error)) return <RequestNotFound />;
  if (!request) {
    return (
      <PageShell title="Waiting room">
        {query.isError ? (
          <LoadError
            title="We couldn't load your request"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <div aria-busy="true" aria-label="Loading your request" className="flex flex-col gap-4">
            <div className="h-40 animate-pulse rounded-[var(--radius-card)] bg-surface-sunken" />
            <div className="h-32 animate-pulse rounded-[var(--radius-card)] bg-surface-sunken" />
          </div>
        )}
      </PageShell>
    );
  }

  const coach = coachNameOf(request);
  const coachPage = coachPagePath({ username: request.coach_username, id: request.coach_id });
  const sessionId = joining ?? request.session_id;

  return (
    <PageShell title={titleOf(request, sessionEnded && !joining)}>
      <div className="flex flex-col gap-6">
        {request.status === 'pending' ? (
          <PendingPanel
            request={request}
            now={now}
            onCancel={() => {
              cancel.reset();
              setConfirming(true);
            }}
            cancelling={cancel.isPending}
          />
        ) : null}
        {!confirming && cancel.isError ? <FormError error={cancel.error} /> : null}

        {request.status === 'accepted' && sessionEnded && !joining && sessionId ? (
          <StatusPanel
            icon={<CircleCheck aria-hidden="true" className="size-5 text-text-muted" />}
            tone="border-border bg-surface"
          >
            <p className="font-semibold">{`Your session with ${coach} is over.`}</p>
            <p className="mt-1 text-text-muted">Its summary is on the session page.</p>
            <Link to={`/session/${sessionId}`} className={buttonClasses('secondary', 'mt-3')}>
              See the session
            </Link>
          </StatusPanel>
        ) : request.status === 'accepted' ? (
          <StatusPanel
            icon={<CircleCheck aria-hidden="true" className="size-5 text-success" />}
            tone="border-success/30 bg-success/5"
          >
            <p className="font-semibold">{`${coach} accepted your request.`}</p>
            {joining ? (
              <p className="mt-1 flex items-center gap-2 text-text-muted">
                <Spinner className="size-4 border-2" />
                Joining your session…
              </p>
            ) : sessionId ? (
              <Link to={`/session/${sessionId}`} className={buttonClasses('primary', 'mt-3')}>
                Go to your session
              </Link>
            ) : null}
          </StatusPanel>
        ) : null}

        {request.status === 'declined' ? (
          <StatusPanel
            icon={<XCircle aria-hidden="true" className="size-5 text-danger" />}
            tone="border-border bg-surface"
          >
            <p className="font-semibold">{SESSION_MESSAGES.rejectedMessage}</p>
            <p className="mt-1 text-text-muted">
              {`The ${formatCents(request.price)} held for this request is back in your wallet.`}
            </p>
          </StatusPanel>
        ) : null}

        {request.status === 'expired' ? (
          <StatusPanel
            icon={<CalendarClock aria-hidden="true" className="size-5 text-text-muted" />}
            tone="border-border bg-surface"
          >
            <p className="font-semibold">{`${coach} couldn't answer in time.`}</p>
            <p className="mt-1 text-text-muted">
              {`Nothing was charged: the ${formatCents(request.price)} held is back in your wallet.`}
            </p>
          </StatusPanel>
        ) : null}

        {request.status === 'cancelled' ? (
          <StatusPanel
            icon={<XCircle aria-hidden="true" className="size-5 text-text-muted" />}
            tone="border-border bg-surface"
          >
            <p className="font-semibold">You cancelled this request.</p>
            <p className="mt-1 text-text-muted">
              {`Nothing was charged: the ${formatCents(request.price)} held is back in your wallet.`}
            </p>
            <Link to={coachPage} className={buttonClasses('secondary', 'mt-3')}>
              {`Back to ${coach}'s page`}
            </Link>
          </StatusPanel>
        ) : null}

        <CoachMessage request={request} />

        {request.status === 'declined' || request.status === 'expired' ? (
          <FallbackOffers request={request} />
        ) : null}

        <RequestSummary request={request} />
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setConfirming(false);
        }}
        title="Cancel this request?"
        description={`${coach} won't be asked any more, and the ${formatCents(request.price)} held goes back to your wallet.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep waiting
            </Button>
            <Button onClick={confirmCancel} disabled={cancel.isPending}>
              {cancel.isPending ? <Spinner className="size-4 border-2" /> : null}
              Cancel request
            </Button>
          </>
        }
      >
        {cancel.isError ? <FormError error={cancel.error} /> : null}
      </ConfirmDialog>
    </PageShell>
  );
}
