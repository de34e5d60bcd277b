import { CalendarClock, LogIn, Zap } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Me } from '#contracts/auth';
import type { CoachPage } from '#contracts/coach-pages';
import { Button, buttonClasses } from '#web/components/button';
import type { RequestMode } from '../lib/request-form';
import type { RequestCoach } from './session-request-form';

// The dialog and its form (radix Dialog, react-hook-form, the quote, coupons, the wallet) are fetched
// when a client opens it: most people who open a coach's page never request a session, and visitors
// never see the form.
const SessionRequestDialog = lazy(async () => ({
  default: (await import('./session-request-dialog')).SessionRequestDialog,
}));

/** Who is looking: still loading, a visitor, a client (may request) or anyone else (sees nothing). */
export type RequestViewer =
  { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'client'; userId: string } | { kind: 'other' };

export function viewerOf(
  authStatus: 'loading' | 'signed_in' | 'signed_out' | string,
  me: Me | undefined,
  coachId: string,
): RequestViewer {
  if (authStatus === 'loading') return { kind: 'loading' };
  if (authStatus !== 'signed_in') return { kind: 'anonymous' };
  if (!me) return { kind: 'loading' };
  if (me.active_role === 'client' && me.user_id !== coachId) return { kind: 'client', userId: me.user_id };
  return { kind: 'other' };
}

/** Busy (in a session) when the page says so; the field is optional until the presence slice adds it. */
function isBusy(page: CoachPage): boolean {
  const top = (page as { is_busy?: unknown }).is_busy;
  const online = (page.online as { is_busy?: unknown } | undefined)?.is_busy;
  return top === true || online === true;
}

const panel =
  'mb-4 flex flex-col gap-3 rounded-[var(--radius-card)] border border-primary/25 bg-primary-soft p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5';

/**
 * On a coach's page: "Start a session now" while the coach is online and free, else "Book a time";
 * the form opens in a dialog (?book=time opens it to book). Visitors get "Sign in to start a
 * session"; coaches (and the coach on their own page) get nothing to request. `extra`: one more quiet
 * action for a client beside these (the route puts "Message" there).
 */
export function SessionRequestPanel({
  page,
  viewer,
  extra,
}: {
  page: CoachPage;
  viewer: RequestViewer;
  extra?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [mode, setMode] = useState<RequestMode | null>(() =>
    viewer.kind === 'client' && params.get('book') === 'time' ? 'time' : null,
  );
  const name = page.full_name?.trim() || page.username || 'This coach';
  const online = page.online?.is_online === true;
  const busy = isBusy(page);
  const available = online && !busy;

  if (viewer.kind === 'loading' || viewer.kind === 'other') return null;

  if (viewer.kind === 'anonymous') {
    const back = `${location.pathname}${location.search}`;
    return (
      <section aria-label="Start a session" className={panel}>
        <p className="text-sm">
          <span className="font-semibold">{`Talk with ${name}.`}</span>{' '}
          <span className="text-text-muted">
            Sign in as a client to start a session or book a time. A message needs no account.
          </span>
        </p>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <Link
            to={`/auth?as=client&redirect=${encodeURIComponent(back)}`}
            className={buttonClasses('primary', 'shrink-0')}
          >
            <LogIn aria-hidden="true" className="size-4" />
            Sign in to start a session
          </Link>
          {extra}
        </div>
      </section>
    );
  }

  const coach: RequestCoach = { id: page.coach_id, name, rates: page.rates };
  const close = () => {
    setMode(null);
    if (params.get('book') !== null) {
      const next = new URLSearchParams(params);
      next.delete('book');
      setParams(next, { replace: true });
    }
  };

  return (
    <section aria-label="Start a session" className={panel}>
      <p className="flex items-start gap-2 text-sm">
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${available ? 'bg-success' : busy ? 'bg-warning' : 'bg-text-muted/60'}`}
        />
        <span>
          <span className="font-semibold">
            {available
              ? `${name} is online now.`
              : busy
                ? `${name} is in a session right now.`
                : `${name} is offline right now.`}
          </span>{' '}
          <span className="text-text-muted">
            {available
              ? 'Start a session in a few taps, or book a time that suits you.'
              : "Book a time and they'll answer when they're free."}
          </span>
        </span>
      </p>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        {available ? (
          <>
            <Button onClick={() => setMode('now')}>
              <Zap aria-hidden="true" className="size-4" />
              Start a session now
            </Button>
            <Button variant="secondary" onClick={() => setMode('time')}>
              <CalendarClock aria-hidden="true" className="size-4" />
              Book a time
            </Button>
          </>
        ) : (
          <Button onClick={() => setMode('time')}>
            <CalendarClock aria-hidden="true" className="size-4" />
            Book a time
          </Button>
        )}
        {extra}
      </div>
      {mode ? (
        <Suspense fallback={null}>
          <SessionRequestDialog coach={coach} mode={mode} userId={viewer.userId} onClose={close} />
        </Suspense>
      ) : null}
    </section>
  );
}
