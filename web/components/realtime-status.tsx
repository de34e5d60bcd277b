import { Radio, Unplug, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  REALTIME_CHANNELS_CRITICAL,
  REALTIME_CHANNELS_WARNING,
  REALTIME_HEALTH_CHECK_MS,
} from '#contracts/realtime';
import type { RealtimeSnapshot } from '../lib/realtime/realtime-client';
import { WarningStrip } from './warning-strip';

type Level = 'ok' | 'warning' | 'critical';
const RANK: Record<Level, number> = { ok: 0, warning: 1, critical: 2 };

export const healthLevel = (topicCount: number): Level =>
  topicCount > REALTIME_CHANNELS_CRITICAL
    ? 'critical'
    : topicCount > REALTIME_CHANNELS_WARNING
      ? 'warning'
      : 'ok';

const CONNECTION_TEXT: Record<RealtimeSnapshot['connection'], string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
};

/**
 * SPEC §2/§9 debug panel "Real-time Status": checks every REALTIME_HEALTH_CHECK_MS how many realtime
 * channels (topics) this tab holds and appears only above the limits (more than
 * REALTIME_CHANNELS_WARNING: warning, more than REALTIME_CHANNELS_CRITICAL: critical). Dismissing it
 * hides it until the level gets worse, or returns after going back to normal.
 */
export function RealtimeStatus({ read }: { read: () => RealtimeSnapshot }) {
  const [seen, setSeen] = useState(read);
  const [dismissed, setDismissed] = useState<Level>('ok');
  useEffect(() => {
    const check = () => {
      const next = read();
      setSeen(next);
      // Back to normal: a later problem shows the panel again.
      if (healthLevel(next.topicCount) === 'ok') setDismissed('ok');
    };
    const timer = setInterval(check, REALTIME_HEALTH_CHECK_MS);
    return () => clearInterval(timer);
  }, [read]);
  const level = healthLevel(seen.topicCount);
  const visible = level !== 'ok' && RANK[level] > RANK[dismissed];
  return (
    <div role="status" aria-live="polite" aria-label="Real-time Status">
      {visible ? (
        <section
          data-level={level}
          className={`fixed bottom-20 left-4 z-[90] w-[min(20rem,calc(100vw-2rem))] rounded-[var(--radius-card)] border bg-surface-raised p-3 text-sm text-text shadow-soft lg:bottom-6 ${
            level === 'critical' ? 'border-danger' : 'border-warning'
          }`}
        >
          <div className="flex items-start gap-2">
            <Radio
              aria-hidden="true"
              className={`mt-0.5 size-4 shrink-0 ${level === 'critical' ? 'text-danger' : 'text-warning'}`}
            />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold">Real-time Status</h2>
              <p className={`font-medium ${level === 'critical' ? 'text-danger' : 'text-warning'}`}>
                {level === 'critical' ? 'Critical' : 'Warning'}: {seen.topicCount} channels open in this tab
              </p>
              <p className="text-text-muted">
                {level === 'critical'
                  ? `More than ${REALTIME_CHANNELS_CRITICAL} per tab is critical. Reload the page if this stays.`
                  : `More than ${REALTIME_CHANNELS_WARNING} per tab is a warning.`}{' '}
                {CONNECTION_TEXT[seen.connection]}.
              </p>
            </div>
            <button
              type="button"
              onClick={() => setDismissed(level)}
              aria-label="Dismiss the real-time status"
              className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/**
 * a small persistent notice while live updates are paused (the socket refused or
 * away for a few seconds; see lib/realtime/use-live-updates), with the server's reason when it gave
 * one. Meanwhile the signed-in layout polls what must not be missed, and the notice says so. Not shown
 * while the browser is offline: the offline banner says it all then.
 */
export function LiveUpdatesNotice({ paused, reason }: { paused: boolean; reason?: string | undefined }) {
  return (
    <WarningStrip testId="live-updates-notice" className="items-start sm:items-center">
      {paused ? (
        <>
          <Unplug aria-hidden="true" className="mt-0.5 size-4 shrink-0 sm:mt-0" />
          {/* Kept small on phones (it sits in the sticky header); the whole text is still read out. */}
          <p className="line-clamp-3 min-w-0 sm:line-clamp-none">
            <span className="font-medium">Live updates are paused — reconnecting…</span>{' '}
            <span className="text-text-muted">
              {reason ?? 'New requests and answers are still checked every few seconds.'}
            </span>
          </p>
        </>
      ) : null}
    </WarningStrip>
  );
}
