import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import { completedByOf, type SessionCompletedBy, transition } from '#domain/sessions/session-machine';
import type { DbExecutor } from '#server/db/client';
import { describeErrorForLog } from '#server/plugins/log-safety';
import { captureHeldShare } from '../settlement/settlement.capture';
import type { SessionCompletionHooks } from './sessions.hooks';
import type { ChatSessionRow } from './sessions.repository';
import {
  COMPLETE_BATCH_SIZE,
  endsAtOf,
  quietLogger,
  holdOf,
  toChatSession,
  type SessionsDeps,
  type SessionsShared,
  type EndOutcome,
} from './sessions.shared';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A session's end: the coach ends it or the lifecycle job completes it when its time is up; either way
 * its hold is captured and the completion hooks run, in one transaction.
 */
export function createSessionsEnding(
  deps: SessionsDeps,
  shared: SessionsShared,
  completion: SessionCompletionHooks,
) {
  const { db, repository, settlement, realtime, clock } = deps;
  const logger = deps.logger ?? quietLogger;
  const { announce, recordUpdated, requireView, roleIn } = shared;

  /**
   * Settles the session's hold and returns the coach's share. A booked session the coach never came to
   * is given back in full (a coach no-show costs the client nothing). Otherwise captured exactly once:
   * only a hold still `held` is captured (its own compare-and-set); a hold already captured gives its
   * recorded share. A paid session without a held payment is an inconsistency: logged, completed with
   * no earnings.
   */
  async function settleHold(tx: DbExecutor, row: ChatSessionRow): Promise<number> {
    if (row.paymentAmount <= 0) return 0;
    const reference = holdOf(row);
    if (!reference) {
      logger.error(
        { sessionId: row.id },
        'chat session: a paid session has no request or booking to capture',
      );
      return 0;
    }
    if (row.bookingId && row.coachJoinedAt === null) {
      const hold = await settlement.findHold(reference, tx);
      if (hold?.status === 'held') await settlement.release(tx, reference);
      return 0;
    }
    return captureHeldShare({ settlement, logger }, tx, reference, {
      fields: { sessionId: row.id },
      alreadyCaptured: 'chat session: its payment was already captured',
      nothingHeld: 'chat session: no held payment to capture',
    });
  }

  /**
   * Completes a session whose row the caller has locked (FOR UPDATE) in `tx`: capture, then the
   * compare-and-set, the events to both parties and the coach's presence. end_time is when it really
   * ended: now, or start_time + duration if that passed first (a late job run).
   */
  async function completeLocked(
    tx: DbExecutor,
    row: ChatSessionRow,
    completedBy: SessionCompletedBy,
    now: Date,
  ): Promise<RealtimeEvent[]> {
    const endsAt = endsAtOf(row);
    // Extra time first: it locks its own rows before any ledger account (the order every writer keeps).
    const session = { id: row.id, coachId: row.coachId, clientId: row.clientId };
    const extras = await completion.settle(tx, session, now);
    const earnings =
      (await settleHold(tx, { ...row, paymentAmount: row.paymentAmount - extras.amount })) +
      extras.coachAmount;
    const done = await repository.markCompleted(tx, {
      id: row.id,
      endTime: endsAt.getTime() < now.getTime() ? endsAt : now,
      completedBy,
      earnings,
      now,
    });
    // Under the row lock the status cannot have changed; if it did, roll the capture back with it.
    if (!done) throw new Error(`chat session ${row.id} changed under its row lock`);
    await completion.completed(tx, session);
    const view = await requireView(tx, row.id);
    return [...extras.events, ...(await recordUpdated(tx, view, now)), ...(await announce(tx, row.coachId))];
  }

  return {
    /**
     * POST /api/sessions/:id/end, the coach only: one transaction (row lock, capture, compare-and-set,
     * events), delivered after it commits. A session already completed is `ended: false` with its
     * current state (409 for the route).
     */
    async end(userId: string, id: string): Promise<EndOutcome> {
      const found = await repository.findView(db, id);
      const viewer = found ? await roleIn(db, found, userId, true) : null;
      if (!found || !viewer) throw new AppError('NOT_FOUND', 'This session could not be found.');
      if (viewer !== 'coach') throw new AppError('FORBIDDEN', 'Only the coach can end this session.');
      const now = clock.now();
      const ended = await realtime.transaction(async (tx, emit) => {
        const row = await repository.lockById(tx, id);
        if (!row || !transition(row.status, 'end').ok) return false;
        // The same order as completeDue (session, then the coach's profile, then money and stats): a
        // presence change (profile first) or the job waits here instead of deadlocking with the end.
        await repository.lockCoachProfiles(tx, [row.coachId]);
        emit(await completeLocked(tx, row, completedByOf('end'), now));
        return true;
      });
      const current = await repository.findView(db, id);
      if (!current) throw new AppError('NOT_FOUND', 'This session could not be found.');
      return { ended, session: toChatSession(current, 'coach', clock.now()) };
    },

    /**
     * The lifecycle job: completes (by 'timer') every active session whose start_time + duration is at
     * or before `now`, in batches claimed FOR UPDATE SKIP LOCKED (safe with several instances), each
     * session in its own savepoint so one failure does not hold the others back. Returns how many it
     * completed.
     */
    async completeDue(now: Date, batchSize = COMPLETE_BATCH_SIZE): Promise<number> {
      let completed = 0;
      const failed: string[] = [];
      for (;;) {
        const batch = await realtime.transaction(async (tx, emit) => {
          const due = await repository.lockDue(tx, now, batchSize, failed);
          // One coach after another (then by id): concurrent runs lock coaches' profiles (presence) and
          // ledger accounts in the same order, so they queue instead of deadlocking.
          const ordered = [...due].sort((a, b) => compare(a.coachId, b.coachId) || compare(a.id, b.id));
          await repository.lockCoachProfiles(
            tx,
            ordered.map((row) => row.coachId),
          );
          let done = 0;
          for (const row of ordered) {
            try {
              emit(
                await tx.transaction((savepoint) =>
                  completeLocked(savepoint, row, completedByOf('time_up'), now),
                ),
              );
              done += 1;
            } catch (error) {
              failed.push(row.id);
              logger.error(
                { sessionId: row.id, err: describeErrorForLog(error) },
                'chat session: could not complete a session that ran out (retried on the next run)',
              );
            }
          }
          return { claimed: due.length, done };
        });
        completed += batch.done;
        if (batch.claimed < batchSize) return completed;
      }
    },
  };
}
