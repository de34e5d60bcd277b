import {
  EXPIRE_BATCH_SIZE,
  type SessionRequestsDeps,
  type SessionRequestsShared,
} from './session-requests.shared';

/** The lifecycle job's side: pending requests past their expiry settled in batches. */
export function createSessionRequestsExpiry(deps: SessionRequestsDeps, shared: SessionRequestsShared) {
  const { repository, realtime } = deps;
  const { expireRow } = shared;

  return {
    /**
     * The lifecycle job (server/jobs): pending requests with expires_at <= now become expired, their
     * holds released, requestUpdated to both. Batches are claimed FOR UPDATE SKIP LOCKED, so several
     * instances may run it at once; each request is settled once. Returns how many expired.
     */
    async expireDue(now: Date, batchSize = EXPIRE_BATCH_SIZE): Promise<number> {
      let total = 0;
      for (;;) {
        const batch = await realtime.transaction(async (tx, emit) => {
          const due = await repository.claimDue(tx, now, batchSize);
          let expired = 0;
          for (const row of due) {
            const recorded = await expireRow(tx, row, now);
            if (recorded.length > 0) expired += 1;
            emit(recorded);
          }
          return { claimed: due.length, expired };
        });
        total += batch.expired;
        if (batch.claimed < batchSize) return total;
      }
    },
  };
}
