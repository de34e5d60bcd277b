import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { oauthFlows } from '#server/db/schema/index';

export type OAuthFlowRow = typeof oauthFlows.$inferSelect;

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/** OAuth sign-ins in progress. Users and identities stay in auth.repository.ts. */
export function createOAuthRepository() {
  return {
    async insertFlow(executor: DbExecutor, values: typeof oauthFlows.$inferInsert) {
      await executor.insert(oauthFlows).values(values);
    },

    /**
     * The provider came back with this state: takes the flow for this one answer by setting our
     * auth code on it. A second answer with the same state finds nothing (one use, even when racing).
     */
    async claimFlowByState(executor: DbExecutor, stateHash: string, authCodeHash: string) {
      return first(
        await executor
          .update(oauthFlows)
          .set({ authCodeHash })
          .where(
            and(
              eq(oauthFlows.stateHash, stateHash),
              isNull(oauthFlows.authCodeHash),
              isNull(oauthFlows.usedAt),
            ),
          )
          .returning(),
      );
    },

    async updateFlow(
      executor: DbExecutor,
      id: string,
      values: Partial<Pick<OAuthFlowRow, 'userId' | 'expiresAt' | 'usedAt'>>,
    ) {
      await executor.update(oauthFlows).set(values).where(eq(oauthFlows.id, id));
    },

    /** Locks the flow our auth code belongs to, so two exchanges of one code cannot both win. */
    async findFlowByAuthCodeForUpdate(executor: DbExecutor, authCodeHash: string) {
      return first(
        await executor
          .select()
          .from(oauthFlows)
          .where(eq(oauthFlows.authCodeHash, authCodeHash))
          .for('update'),
      );
    },

    /** Housekeeping: flows are worth nothing once expired; keep the table small. */
    async deleteFlowsExpiredBefore(executor: DbExecutor, before: Date) {
      await executor.delete(oauthFlows).where(lt(oauthFlows.expiresAt, before));
    },
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
