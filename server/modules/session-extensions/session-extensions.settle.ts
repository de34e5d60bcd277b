import type { RealtimeEvent } from '#contracts/realtime';
import { REQUEST_TRANSITIONS } from '#domain/sessions/request-machine';
import type { DbExecutor } from '#server/db/client';
import { captureHeldShare } from '../settlement/settlement.capture';
import type { SessionExtensionRow } from './session-extensions.repository';
import {
  referenceOf,
  type SessionExtensionsDeps,
  type SessionExtensionsShared,
} from './session-extensions.shared';

/** The end of asks: captured or released when their session completes, expired by the lifecycle job. */
export function createSessionExtensionsSettle(deps: SessionExtensionsDeps, shared: SessionExtensionsShared) {
  const { repository, settlement, realtime, logger } = deps;
  const { recordChange, releaseMoney } = shared;

  /** Captures an accepted ask's hold; its coach share. A hold already captured gives its recorded share. */
  async function captureAccepted(tx: DbExecutor, row: SessionExtensionRow): Promise<number> {
    if (row.price <= 0) return 0;
    return captureHeldShare({ settlement, logger }, tx, referenceOf(row.id), {
      fields: { extensionId: row.id },
      alreadyCaptured: 'session extension: already captured',
      nothingHeld: 'session extension: an accepted ask has no held payment to capture',
    });
  }

  /** Expires a pending ask locked FOR UPDATE (the compare-and-set cannot miss), its hold released. */
  async function expireLocked(tx: DbExecutor, id: string, now: Date): Promise<RealtimeEvent[]> {
    const expired = await repository.leavePending(tx, { id, to: REQUEST_TRANSITIONS.pending.expire, now });
    if (!expired) throw new Error(`Session extension ${id} changed under its row lock`);
    await releaseMoney(tx, expired);
    return (await recordChange(tx, id, now)).events;
  }

  return {
    /**
     * chatSessions' settleExtras, in the completing transaction (the session's row locked FOR UPDATE):
     * every ask of the session locked; pending ones expire (released), accepted ones are captured.
     * `amount` is the accepted asks' price (what extend added to the payment), `coachAmount` the
     * coach's share of their captures.
     */
    async settleForCompletion(
      tx: DbExecutor,
      session: { id: string },
      now: Date,
    ): Promise<{ amount: number; coachAmount: number; events: RealtimeEvent[] }> {
      const rows = await repository.lockAllOfSession(tx, session.id);
      let amount = 0;
      let coachAmount = 0;
      const events: RealtimeEvent[] = [];
      for (const row of rows) {
        if (row.status === 'pending') {
          events.push(...(await expireLocked(tx, row.id, now)));
        } else if (row.status === 'accepted') {
          amount += row.price;
          coachAmount += await captureAccepted(tx, row);
        }
      }
      return { amount, coachAmount, events };
    },

    /**
     * The lifecycle job: pending asks past their expiry (or whose session completed) expire, their holds
     * released, SESSION_EXTENSION_EVENTS.updated to both. One ask per transaction, claimed with its
     * session row SKIP LOCKED: safe with several instances, and never in the way of an answer or an end
     * in progress (those settle the ask themselves). Returns how many expired.
     */
    async expireDue(now: Date): Promise<number> {
      let expired = 0;
      for (;;) {
        const claimed = await realtime.transaction(async (tx, emit) => {
          const row = await repository.claimDue(tx, now);
          if (!row) return false;
          emit(await expireLocked(tx, row.id, now));
          return true;
        });
        if (!claimed) return expired;
        expired += 1;
      }
    },
  };
}
