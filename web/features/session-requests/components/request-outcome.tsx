import { CalendarClock, CircleCheck, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SESSION_MESSAGES, type SessionRequest } from '#contracts/sessions';
import { buttonClasses } from '#web/components/button';
import { Spinner } from '#web/components/spinner';
import { formatCents } from '#web/lib/money';
import { coachNameOf, coachPagePath } from '../lib/display';

function StatusPanel({ icon, tone, children }: { icon: ReactNode; tone: string; children: ReactNode }) {
  return (
    <div role="status" className={`flex items-start gap-3 rounded-[var(--radius-card)] border p-4 ${tone}`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1 text-sm">{children}</div>
    </div>
  );
}

/** What became of the request once it is no longer pending (nothing while it waits). */
export function RequestOutcome({
  request,
  sessionEnded,
  joining,
}: {
  request: SessionRequest;
  sessionEnded: boolean;
  joining: string | null;
}) {
  const coach = coachNameOf(request);
  const coachPage = coachPagePath({ username: request.coach_username, id: request.coach_id });
  const sessionId = joining ?? request.session_id;
  return (
    <>
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
    </>
  );
}
