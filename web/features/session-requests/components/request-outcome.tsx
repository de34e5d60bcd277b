import { CalendarClock, CircleCheck, XCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SESSION_MESSAGES, type SessionRequest } from '#contracts/sessions';
import { buttonClasses } from '#web/components/button';
import { Spinner } from '#web/components/spinner';
import { formatCents } from '#web/lib/money';
import { coachNameOf, coachPagePath } from '../lib/display';

/** One outcome: its icon, what happened in bold, an optional line of detail, then what to do next. */
function StatusPanel({
  icon: Icon,
  iconTone,
  tone = 'border-border bg-surface',
  title,
  detail,
  children,
}: {
  icon: LucideIcon;
  iconTone: string;
  tone?: string;
  title: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" className={`flex items-start gap-3 rounded-[var(--radius-card)] border p-4 ${tone}`}>
      <span className="mt-0.5 shrink-0">
        <Icon aria-hidden="true" className={`size-5 ${iconTone}`} />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{title}</p>
        {detail ? <p className="mt-1 text-text-muted">{detail}</p> : null}
        {children}
      </div>
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
  const refunded = `Nothing was charged: the ${formatCents(request.price)} held is back in your wallet.`;
  return (
    <>
      {request.status === 'accepted' && sessionEnded && !joining && sessionId ? (
        <StatusPanel
          icon={CircleCheck}
          iconTone="text-text-muted"
          title={`Your session with ${coach} is over.`}
          detail="Its summary is on the session page."
        >
          <Link to={`/session/${sessionId}`} className={buttonClasses('secondary', 'mt-3')}>
            See the session
          </Link>
        </StatusPanel>
      ) : request.status === 'accepted' ? (
        <StatusPanel
          icon={CircleCheck}
          iconTone="text-success"
          tone="border-success/30 bg-success/5"
          title={`${coach} accepted your request.`}
        >
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
          icon={XCircle}
          iconTone="text-danger"
          title={SESSION_MESSAGES.rejectedMessage}
          detail={`The ${formatCents(request.price)} held for this request is back in your wallet.`}
        />
      ) : null}

      {request.status === 'expired' ? (
        <StatusPanel
          icon={CalendarClock}
          iconTone="text-text-muted"
          title={`${coach} couldn't answer in time.`}
          detail={refunded}
        />
      ) : null}

      {request.status === 'cancelled' ? (
        <StatusPanel
          icon={XCircle}
          iconTone="text-text-muted"
          title="You cancelled this request."
          detail={refunded}
        >
          <Link to={coachPage} className={buttonClasses('secondary', 'mt-3')}>
            {`Back to ${coach}'s page`}
          </Link>
        </StatusPanel>
      ) : null}
    </>
  );
}
