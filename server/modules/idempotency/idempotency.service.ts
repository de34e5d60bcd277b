import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import stableStringify from 'safe-stable-stringify';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import { idempotencyKeys } from '#server/db/schema/index';

export type IdempotentResponse<T> = { status: number; body: T };

/**
 * JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request; undefined members are left
 * out. The hashes stored with existing keys are pinned in request-hash.test.ts.
 */
function canonicalJson(value: unknown): string {
  return stableStringify(value) ?? 'null';
}

export const requestHash = (methodPath: string, body: unknown) =>
  createHash('sha256')
    .update(`${methodPath}\n${canonicalJson(body ?? null)}`)
    .digest('hex');

/**
 * Idempotency for money-moving POSTs, one place for every such route.
 *
 * `run` opens ONE database transaction and, inside it:
 *   1. takes a transaction-scoped advisory lock on (user, key) with pg_try_advisory_xact_lock: if another
 *      request holds it, the key is in flight -> 409 IDEMPOTENCY_REQUEST_IN_PROGRESS (no waiting);
 *   2. reads the key's row: completed with the same request hash -> the stored response is replayed;
 *      a different hash (other body or endpoint) -> 422 IDEMPOTENCY_KEY_REUSED;
 *   3. otherwise records the key 'in_flight', runs the handler with the transaction, and stores the
 *      response as 'completed' — all in the same transaction as the handler's effects. If anything
 *      throws, everything rolls back, the key included, so the same key may be used again.
 * The advisory lock is released only after COMMIT is visible, so the next holder always sees the row.
 */
export function createIdempotencyService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  const service = {
    async run<T>(
      request: { userId: string; key: string; methodPath: string; body: unknown },
      handler: (tx: DbExecutor) => Promise<IdempotentResponse<T>>,
    ): Promise<{ status: number; body: unknown; replayed: boolean }> {
      const hash = requestHash(request.methodPath, request.body);
      return db.transaction(async (tx) => {
        const lock = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(hashtextextended(${`idem:${request.userId}:${request.key}`}, 0)) as locked`,
        );
        if (lock.rows[0]?.locked !== true) throw new AppError('IDEMPOTENCY_REQUEST_IN_PROGRESS');

        const [existing] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
        if (existing) {
          if (existing.requestHash !== hash || existing.requestMethodPath !== request.methodPath)
            throw new AppError('IDEMPOTENCY_KEY_REUSED');
          if (existing.status !== 'completed' || existing.responseStatus === null)
            throw new AppError('IDEMPOTENCY_REQUEST_IN_PROGRESS');
          return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
        }

        await tx.insert(idempotencyKeys).values({
          userId: request.userId,
          key: request.key,
          requestHash: hash,
          requestMethodPath: request.methodPath,
          status: 'in_flight',
          createdAt: clock.now(),
        });
        const response = await handler(tx);
        await tx
          .update(idempotencyKeys)
          .set({
            status: 'completed',
            responseStatus: response.status,
            responseBody: response.body,
            completedAt: clock.now(),
          })
          .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
        return { ...response, replayed: false };
      });
    },
  };
  return service;
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
