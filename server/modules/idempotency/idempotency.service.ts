import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import stableStringify from 'safe-stable-stringify';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import { preparedStatement } from '#server/db/prepared';
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
 * The key's lock and, when it is ours, its row 'in_flight', in one statement. ON CONFLICT sees a row
 * committed after this statement's snapshot was taken, so an earlier holder's is never missed. Prepared
 * (server/db/prepared.ts), as the answer's update below: every money-moving POST runs both.
 */
const claimKey = preparedStatement<{ locked: boolean; claimed: boolean }>(
  'idempotency_claim',
  () => sql`
    with lock as (
      select pg_try_advisory_xact_lock(hashtextextended(${sql.placeholder('lockKey')}::text, 0)) as locked
    ), claim as (
      insert into idempotency_keys (user_id, key, request_hash, request_method_path, status, created_at)
      select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('key')}::text, ${sql.placeholder('hash')}::text,
             ${sql.placeholder('methodPath')}::text, 'in_flight', ${sql.placeholder('now')}::timestamptz
      from lock where lock.locked
      on conflict do nothing
      returning 1
    )
    select lock.locked, exists (select 1 from claim) as claimed from lock`,
);

const completeKey = preparedStatement<never>(
  'idempotency_complete',
  () => sql`
    update idempotency_keys
       set status = 'completed', response_status = ${sql.placeholder('status')}::int,
           response_body = ${sql.placeholder('body')}::jsonb, completed_at = ${sql.placeholder('now')}::timestamptz
     where user_id = ${sql.placeholder('userId')}::uuid and key = ${sql.placeholder('key')}::text`,
);

/**
 * Idempotency for money-moving POSTs, one place for every such route.
 *
 * `run` opens ONE database transaction and, inside it:
 *   1. takes a transaction-scoped advisory lock on (user, key) with pg_try_advisory_xact_lock: if another
 *      request holds it, the key is in flight -> 409 IDEMPOTENCY_REQUEST_IN_PROGRESS (no waiting); with
 *      the lock, in the same statement, records the key 'in_flight' unless it has a row;
 *   2. a key that has a row: completed with the same request hash -> the stored response is replayed;
 *      a different hash (other body or endpoint) -> 422 IDEMPOTENCY_KEY_REUSED;
 *   3. otherwise runs the handler with the transaction and stores the response as 'completed' — all in
 *      the same transaction as the handler's effects. If anything throws, everything rolls back, the key
 *      included, so the same key may be used again. A first use is four statements: begin, the lock and
 *      the row, the answer, commit.
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
        const rows = await claimKey(tx, {
          lockKey: `idem:${request.userId}:${request.key}`,
          userId: request.userId,
          key: request.key,
          hash,
          methodPath: request.methodPath,
          now: clock.now(),
        });
        if (rows[0]?.locked !== true) throw new AppError('IDEMPOTENCY_REQUEST_IN_PROGRESS');

        if (rows[0].claimed !== true) {
          // The key was used: read after the lock, in a statement of its own, so its row is seen.
          const [existing] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
          if (!existing) throw new Error('idempotency key neither claimed nor found');
          if (existing.requestHash !== hash || existing.requestMethodPath !== request.methodPath)
            throw new AppError('IDEMPOTENCY_KEY_REUSED');
          if (existing.status !== 'completed' || existing.responseStatus === null)
            throw new AppError('IDEMPOTENCY_REQUEST_IN_PROGRESS');
          return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
        }

        const response = await handler(tx);
        await completeKey(tx, {
          status: response.status,
          // As text: pg would send a JS array as a PostgreSQL array, not as JSON.
          body: JSON.stringify(response.body ?? null),
          now: clock.now(),
          userId: request.userId,
          key: request.key,
        });
        return { ...response, replayed: false };
      });
    },
  };
  return service;
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
