import { useEffect } from 'react';
import type { AuthClient } from '#web/lib/auth/auth-client';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { logSecurityEvent } from '../api/log-security-event';
import { createRapidClickDetector } from '../lib/rapid-clicks';

/** USER_SESSION_END may hold up a sign-out this long at most, so the event is sent while the session still works. */
const SESSION_END_WAIT_MS = 1_500;

/** USER_LOGIN (session_resume) is reported once per page load, however often the layout remounts. */
const resumeReported = new WeakSet<AuthClient>();

/**
 * SPEC §7 browser security events, while signed in: USER_LOGIN when the session was restored on page
 * load, USER_SESSION_END just before a sign-out, TAB_HIDDEN / TAB_VISIBLE, SUSPICIOUS_RAPID_ACTIVITY.
 */
export function useSecurityEvents(enabled: boolean) {
  const client = useAuthClient();

  useEffect(() => {
    if (!enabled) return;
    if (client.isRestoredSession() && !resumeReported.has(client)) {
      resumeReported.add(client);
      void logSecurityEvent('USER_LOGIN', { reason: 'session_resume' });
    }

    const removeBeforeSignOut = client.onBeforeSignOut((scope, reason) =>
      logSecurityEvent(
        'USER_SESSION_END',
        {
          reason:
            reason === 'timeout' ? 'timeout' : scope === 'global' ? 'signed_out_everywhere' : 'signed_out',
        },
        { timeoutMs: SESSION_END_WAIT_MS },
      ),
    );

    const onVisibility = () =>
      void logSecurityEvent(document.visibilityState === 'hidden' ? 'TAB_HIDDEN' : 'TAB_VISIBLE');
    document.addEventListener('visibilitychange', onVisibility);

    const countClick = createRapidClickDetector(({ clickCount, timeWindowMs }) => {
      void logSecurityEvent('SUSPICIOUS_RAPID_ACTIVITY', {
        click_count: clickCount,
        time_window: timeWindowMs,
      });
    });
    const onClick = () => countClick(Date.now());
    document.addEventListener('click', onClick, { capture: true, passive: true });

    return () => {
      removeBeforeSignOut();
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('click', onClick, { capture: true });
    };
  }, [enabled, client]);
}
