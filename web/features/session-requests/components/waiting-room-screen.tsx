import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SessionRequest } from '#contracts/sessions';
import { Button } from '#web/components/button';
import { ConfirmDialog } from '#web/components/dialog';
import { FormError } from '#web/components/form-error';
import { LoadError } from '#web/components/load-error';
import { PageShell } from '#web/components/page-shell';
import { Spinner } from '#web/components/spinner';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import {
  newIdempotencyKey,
  requestSessionQueryOptions,
  sessionRequestQueryOptions,
  useCancelSessionRequest,
} from '../api/session-requests';
import { coachNameOf } from '../lib/display';
import { openWaitingRoom } from '../lib/session-toasts';
import { FallbackOffers } from './fallback-offers';
import { useJoinOnAccept } from '../hooks/use-join-on-accept';
import { PendingPanel } from './pending-panel';
import { RequestOutcome } from './request-outcome';
import { CoachMessage, RequestNotFound, RequestSummary } from './request-summary';

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

/**
 * /waiting-room/:requestId: the client's request with its live status ('session_request.updated' for
 * it, refetched on resync), a countdown to its expiry and Cancel (confirmed first). Accepted: 'Request
 * Accepted!' and the session 1 s later. Declined or expired: the fallback offers in one place.
 * Cancelled: said so, with the way back. A coach's message is shown.
 */
export function WaitingRoomScreen({ requestId, userId }: { requestId: string; userId: string }) {
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
  const cancel = useCancelSessionRequest(userId);
  const cancelKey = useRef<string | null>(null);

  // At expiry, ask once at once (then the poll above) instead of waiting for the next poll.
  const expired = pending && request ? Date.parse(request.expires_at) <= now : false;
  useEffect(() => {
    if (expired) void query.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when it turns past expiry
  }, [expired]);

  useEffect(() => openWaitingRoom(requestId), [requestId]);

  const joining = useJoinOnAccept(requestId);

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

        <RequestOutcome request={request} sessionEnded={sessionEnded} joining={joining} />

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
