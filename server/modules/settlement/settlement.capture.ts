import type { DbExecutor } from '#server/db/client';
import type { HoldReference, SettlementService } from './settlement.service';

/**
 * Captures a hold and answers the coach's share, exactly once: only a hold still `held` is captured (its
 * own compare-and-set); one already captured gives its recorded share, with a warning. No held payment
 * is an inconsistency: logged as an error, and no share. `log` says whose hold it is in both lines.
 */
export async function captureHeldShare(
  deps: {
    settlement: Pick<SettlementService, 'findHold' | 'capture'>;
    logger: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
  },
  tx: DbExecutor,
  reference: HoldReference,
  log: { fields: object; alreadyCaptured: string; nothingHeld: string },
): Promise<number> {
  const hold = await deps.settlement.findHold(reference, tx);
  if (hold?.status === 'held') return (await deps.settlement.capture(tx, reference)).capturedCoachAmount ?? 0;
  if (hold?.status === 'captured') {
    deps.logger.warn({ ...log.fields, holdId: hold.id }, log.alreadyCaptured);
    return hold.capturedCoachAmount ?? 0;
  }
  deps.logger.error(
    { ...log.fields, hold: hold ? { id: hold.id, status: hold.status } : null },
    log.nothingHeld,
  );
  return 0;
}
