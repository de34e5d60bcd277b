import type { Clock } from '#domain/clock';
import type { Database, DbExecutor } from '#server/db/client';
import type { SecurityEventsRepository } from './security-events.repository';

/** Events the server observes itself (sign-ins, failures, token reuse, lockouts, denials). */
export type ServerSecurityEvent =
  | 'USER_SIGNED_UP'
  | 'USER_SIGNED_IN'
  | 'SIGN_IN_FAILED'
  | 'ACCOUNT_THROTTLED'
  | 'REFRESH_TOKEN_REUSED'
  | 'USER_SIGNED_OUT'
  | 'PASSWORD_CHANGED'
  | 'EMAIL_CHANGED'
  | 'PHONE_CHANGED'
  | 'MFA_ENROLLED'
  | 'MFA_VERIFIED'
  | 'MFA_FAILED'
  | 'MFA_REMOVED'
  | 'IDENTITY_LINKED'
  | 'IDENTITY_UNLINKED'
  | 'ACCESS_DENIED'
  | 'CLIENT_EVENTS_THROTTLED';

/** At most this many browser-reported events per person per minute are stored (R24). */
export const CLIENT_EVENTS_PER_MINUTE = 60;

/**
 * The security log (append-only: a database trigger refuses UPDATE and DELETE). Details must never
 * contain secrets: callers pass ids, reasons and counts, never tokens, codes or passwords.
 */
export function createSecurityEventsService(deps: {
  db: Database;
  repository: SecurityEventsRepository;
  clock: Clock;
}) {
  return {
    async record(
      executor: DbExecutor,
      event: {
        type: ServerSecurityEvent;
        userId: string | null;
        severity?: 'info' | 'warning' | 'critical';
        details?: Record<string, unknown>;
        /** The request it happened in (the auth module's RequestContext). */
        context?: { ip: string | null; requestId: string | null };
      },
    ) {
      await deps.repository.insert(executor, {
        userId: event.userId,
        eventType: event.type,
        severity: event.severity ?? 'info',
        eventDetails: event.details ?? {},
        clientReported: false,
        ip: event.context?.ip ?? null,
        requestId: event.context?.requestId ?? null,
        createdAt: deps.clock.now(),
      });
    },

    /**
     * SPEC §7 log_security_event_safe, called by browsers: stored as client-reported, at most 60 per
     * person per minute; the first event over the cap records one CLIENT_EVENTS_THROTTLED instead.
     */
    async recordClientReported(
      executor: DbExecutor,
      event: {
        userId: string;
        eventType: string;
        details: Record<string, unknown>;
        ip: string | null;
        requestId: string;
      },
    ): Promise<'stored' | 'throttled'> {
      const now = deps.clock.now();
      const since = new Date(now.getTime() - 60_000);
      const recent = await deps.repository.countClientReportedSince(executor, event.userId, since);
      if (recent >= CLIENT_EVENTS_PER_MINUTE) {
        const alreadyFlagged = await deps.repository.countOfTypeSince(
          executor,
          event.userId,
          'CLIENT_EVENTS_THROTTLED',
          since,
        );
        if (alreadyFlagged === 0) {
          await this.record(executor, {
            type: 'CLIENT_EVENTS_THROTTLED',
            userId: event.userId,
            severity: 'warning',
            context: event,
          });
        }
        return 'throttled';
      }
      await deps.repository.insert(executor, {
        userId: event.userId,
        eventType: event.eventType,
        severity: 'info',
        eventDetails: event.details,
        clientReported: true,
        ip: event.ip,
        requestId: event.requestId,
        createdAt: now,
      });
      return 'stored';
    },

    /** recordClientReported in its own transaction, one person at a time, so the cap holds under bursts. */
    async recordClientReportedSafely(event: {
      userId: string;
      eventType: string;
      details: Record<string, unknown>;
      ip: string | null;
      requestId: string;
    }) {
      return deps.db.transaction(async (tx) => {
        await deps.repository.lockPerson(tx, event.userId);
        return this.recordClientReported(tx, event);
      });
    },
  };
}

export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;
