import type { z } from 'zod';
import type { SECURITY_EVENT_TYPES, securityEventBodySchema } from '#contracts/auth';
import { securityEventsApi } from '#contracts/security-events.api';
import { api } from '#web/lib/api';

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
type EventDetails = z.input<typeof securityEventBodySchema>['event_details'];
export type SecurityEventExtras = Pick<EventDetails, 'reason' | 'click_count' | 'time_window'>;

/**
 * SPEC §7 log_security_event_safe: reports what the browser saw. Fire-and-forget: it never throws,
 * and gives up after `timeoutMs` so nothing ever waits on it for long.
 */
export async function logSecurityEvent(
  type: SecurityEventType,
  extras: SecurityEventExtras = {},
  { timeoutMs = 5_000 }: { timeoutMs?: number } = {},
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await api(
      securityEventsApi.report,
      {
        body: {
          event_type: type,
          event_details: {
            user_agent: navigator.userAgent.slice(0, 500),
            timestamp: new Date().toISOString(),
            url: window.location.href.slice(0, 2000),
            ...extras,
          },
          severity: 'info',
        },
      },
      { signal: controller.signal },
    );
  } catch {
    // Reporting must never get in the person's way.
  } finally {
    clearTimeout(timer);
  }
}
