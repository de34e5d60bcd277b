import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/button';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { sessionsQueryOptions, signOutOtherSessions, useSessions } from '../api/sessions';
import { describeUserAgent } from '../lib/describe-user-agent';
import { FormError } from '#web/components/form-error';
import { SettingsCard } from './form-controls';
import { formatDateInViewerLocale, localTimeZone } from '#web/lib/dates';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { RetryError } from '#web/components/list-states';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

function lastActive(iso: string, now: number) {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return 'Active just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return `Active ${relative.format(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return `Active ${relative.format(hours, 'hour')}`;
  return `Active ${relative.format(Math.round(hours / 24), 'day')}`;
}

const isMobile = (userAgent: string | null) => /Mobi|Android|iPhone|iPad/.test(userAgent ?? '');

function SessionsSkeleton() {
  return (
    <SkeletonRows
      label="Loading sessions..."
      rows={2}
      listClassName="flex flex-col gap-3"
      rowClassName="flex items-center gap-3 p-1"
    />
  );
}

/** Where the person is signed in (GET /auth/v1/sessions), and signing out elsewhere or everywhere. */
export function SessionsSection() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const [now] = useState(() => Date.now());
  const [signOutError, setSignOutError] = useState<unknown>(null);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const others = useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
  const list = sessions.data?.sessions ?? [];
  const otherCount = list.filter((session) => !session.current).length;

  async function signOut(scope: 'local' | 'global') {
    setSignOutError(null);
    setIsSigningOut(true);
    try {
      await client.signOut(scope);
    } catch (caught) {
      setSignOutError(caught);
      setIsSigningOut(false);
    }
  }

  let body;
  if (sessions.isPending) body = <SessionsSkeleton />;
  else if (sessions.isError)
    body = <RetryError error={sessions.error} onRetry={() => void sessions.refetch()} label="Try Again" />;
  else
    body = (
      <ul className="divide-y divide-border" aria-label="Signed-in devices">
        {[...list]
          .sort(
            (a, b) => Number(b.current) - Number(a.current) || b.refreshed_at.localeCompare(a.refreshed_at),
          )
          .map((session) => {
            const Icon = isMobile(session.user_agent) ? Smartphone : Monitor;
            return (
              <li key={session.id} className="flex items-start gap-3 py-3">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-sunken text-text-muted">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span title={session.user_agent ?? undefined}>
                      {describeUserAgent(session.user_agent)}
                    </span>
                    {session.current ? (
                      <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-text-muted">
                    {session.ip ?? 'Unknown address'} ·{' '}
                    <time
                      dateTime={session.refreshed_at}
                      title={formatDateInViewerLocale(session.refreshed_at, localTimeZone(), {
                        date: 'medium',
                        time: 'short',
                      })}
                    >
                      {session.current ? 'Active now' : lastActive(session.refreshed_at, now)}
                    </time>
                  </p>
                </div>
              </li>
            );
          })}
      </ul>
    );

  return (
    <SettingsCard
      headingId="sessions-heading"
      title="Active sessions"
      description="Devices where you are signed in. If you do not recognise one, sign it out and change your password."
    >
      {body}
      <div className="mt-4 flex flex-col gap-3">
        <FormError error={others.error ?? signOutError} />
        {others.isSuccess ? (
          <p role="status" className="text-sm text-success">
            Your other sessions are signed out.
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            variant="secondary"
            disabled={others.isPending || (sessions.isSuccess && otherCount === 0)}
            onClick={() => others.mutate()}
          >
            Sign out other sessions
          </Button>
          <Button variant="secondary" disabled={isSigningOut} onClick={() => void signOut('global')}>
            Sign out everywhere
          </Button>
          <Button variant="ghost" disabled={isSigningOut} onClick={() => void signOut('local')}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        </div>
      </div>
    </SettingsCard>
  );
}
