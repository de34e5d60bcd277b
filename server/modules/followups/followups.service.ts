import { describeErrorForLog } from '#server/plugins/log-safety';
import {
  FOLLOWUP_EVENTS,
  FOLLOWUP_MESSAGES,
  FOLLOWUPS_LIST_LIMIT,
  type Followup,
  type FollowupEmailOutcome,
  type FollowupsResponse,
  type SendFollowupResponse,
} from '#contracts/followups';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import type { ChatSession } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { renderEmail } from '../outbox/email-templates';
import type { NotificationsService } from '../notifications/notifications.service';
import type { OutboxService } from '../outbox/outbox.service';
import type { FollowupRow, FollowupsRepository } from './followups.repository';

/**
 * A party's view of a session (404 for anyone else): the sessions service's `get`, which decides
 * who is a party (the coach, or the client by id or by confirmed email).
 */
export type FindSessionForParty = (userId: string, sessionId: string) => Promise<ChatSession>;

export type FollowupsLogger = { error(fields: object, message: string): void };

/** The follow-up as a POST body has it after validation (trimmed). */
export type FollowupInput = { notes: string; resources: { title: string; url: string }[] };

const userTopic = (userId: string) => `user:${userId}`;

function toFollowup(row: FollowupRow, coachName: string): Followup {
  return {
    id: row.id,
    session_id: row.sessionId,
    coach_id: row.coachId,
    client_id: row.clientId,
    coach_name: coachName,
    notes: row.notes,
    resources: row.resources.map(({ title, url }) => ({ title, url })),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The coach's follow-up after a session (SPEC §7 coach_followup).
 *
 * - list: both parties read the session's summary and its follow-ups, newest first.
 * - authorizeSend, before the Idempotency-Key is read (and again in send): a party (404 otherwise), the
 *   coach (403 for the client), and the session over (409 while it is live). A session only ever moves
 *   from active to completed, so what is checked here still holds when the insert commits.
 * - send, inside the idempotency transaction: the row, the coach_followup email to the client's
 *   confirmed address (in a savepoint: a failure is logged and reported as `email: 'failed'`, never
 *   undoing the follow-up), FOLLOWUP_EVENTS.created on the client's topic and the client's lasting
 *   notification (followup_received, to /follow-up/<session>), both delivered after commit.
 */
export function createFollowupsService(deps: {
  db: Database;
  repository: FollowupsRepository;
  findSession: FindSessionForParty;
  outbox: Pick<OutboxService, 'enqueue'>;
  realtime: Pick<RealtimeService, 'record'>;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
  publicUrl: string;
  logger: FollowupsLogger;
}) {
  const { db, repository, findSession, outbox, realtime, clock } = deps;

  async function queueEmail(
    tx: DbExecutor,
    session: ChatSession,
    row: FollowupRow,
  ): Promise<FollowupEmailOutcome> {
    const client = await repository.emailOf(tx, session.client_id);
    const clientEmail = client?.email && client.emailConfirmedAt ? client.email : null;
    if (!clientEmail) return 'no_address';
    const data = {
      clientEmail,
      clientName: session.client_name,
      coachName: session.coach_name,
      sessionType: session.format,
      notes: row.notes,
      resources: row.resources,
      sessionUrl: `${deps.publicUrl}/session/${session.id}`,
      followupUrl: `${deps.publicUrl}/follow-up/${session.id}`,
    };
    try {
      // A savepoint: a failed insert leaves the transaction (and the follow-up) usable.
      await tx.transaction(async (savepoint) => {
        await outbox.enqueue(savepoint, {
          channel: 'email',
          recipient: clientEmail,
          template: 'coach_followup',
          ...renderEmail('coach_followup', data),
          data: { ...data, sessionId: session.id, followupId: row.id },
        });
      });
      return 'queued';
    } catch (error) {
      deps.logger.error(
        { err: describeErrorForLog(error), email: 'coach_followup' },
        'followups: the email could not be queued (the follow-up is saved without it)',
      );
      return 'failed';
    }
  }

  /** 404 for non-parties, 403 for the client, 409 while the session is live; the session otherwise. */
  async function authorizeSend(userId: string, sessionId: string): Promise<ChatSession> {
    const session = await findSession(userId, sessionId);
    if (session.coach_id !== userId) throw new AppError('FORBIDDEN', FOLLOWUP_MESSAGES.coachOnly);
    if (session.status !== 'completed') throw new AppError('CONFLICT', FOLLOWUP_MESSAGES.sessionActive);
    return session;
  }

  return {
    /** GET /api/sessions/:id/followups */
    async list(userId: string, sessionId: string): Promise<FollowupsResponse> {
      const session = await findSession(userId, sessionId);
      const rows = await repository.listForSession(db, sessionId, FOLLOWUPS_LIST_LIMIT);
      return {
        viewer_role: session.coach_id === userId ? 'coach' : 'client',
        session: {
          id: session.id,
          status: session.status,
          format: session.format,
          start_time: session.start_time,
          end_time: session.end_time,
          duration_minutes: session.duration_minutes,
          coach_name: session.coach_name,
          client_name: session.client_name,
        },
        followups: rows.map((row) => toFollowup(row, session.coach_name)),
      };
    },

    /** Before the Idempotency-Key is read (and again in `send`). */
    authorizeSend,

    /**
     * In the idempotency transaction: the checks of authorizeSend, then the follow-up, its email and
     * its event (the caller delivers it after commit).
     */
    async send(
      tx: DbExecutor,
      userId: string,
      sessionId: string,
      input: FollowupInput,
    ): Promise<{ body: SendFollowupResponse; events: RealtimeEvent[] }> {
      const session = await authorizeSend(userId, sessionId);
      const row = await repository.insertFollowup(tx, {
        sessionId: session.id,
        coachId: session.coach_id,
        clientId: session.client_id,
        notes: input.notes.trim(),
        resources: input.resources.map((resource) => ({
          title: resource.title.trim(),
          url: resource.url.trim(),
        })),
        createdAt: clock.now(),
      });
      const email = await queueEmail(tx, session, row);
      const followup = toFollowup(row, session.coach_name);
      const event = await realtime.record(tx, {
        topic: userTopic(session.client_id),
        type: FOLLOWUP_EVENTS.created,
        payload: { followup },
      });
      const coachName = session.coach_name || NOTIFICATION_TEXTS.coachFallback;
      const told = await deps.notifications.notify(tx, {
        userId: session.client_id,
        type: 'followup_received',
        title: NOTIFICATION_TEXTS.followupReceived.title(coachName),
        message: NOTIFICATION_TEXTS.followupReceived.message(coachName),
        actorId: session.coach_id,
        actorName: coachName,
        actionText: NOTIFICATION_TEXTS.followupReceived.action,
        actionUrl: `/follow-up/${session.id}`,
      });
      return { body: { followup, email }, events: [event, ...told] };
    },
  };
}

export type FollowupsService = ReturnType<typeof createFollowupsService>;
