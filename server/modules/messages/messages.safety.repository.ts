import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import {
  chatSessions,
  inquiryConversations,
  inquiryMessages,
  messageReports,
  profiles,
  sessionRequests,
  userBlocks,
} from '#server/db/schema/index';

/** user_blocks and message_reports (server/db/schema/messages.ts): the safety side of messages. */
export function createSafetyRepository() {
  return {
    /** Who of the two blocked the other: 'a', 'b', both, or neither (an empty list). */
    async blocksBetween(executor: DbExecutor, a: string, b: string): Promise<('a' | 'b')[]> {
      const rows = await executor
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
            and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
          ),
        );
      return rows.map((row) => (row.blockerId === a ? 'a' : 'b'));
    },

    /** Blocks (nothing when already blocked); whether the row is new. */
    async block(executor: DbExecutor, blockerId: string, blockedId: string, at: Date): Promise<boolean> {
      const rows = await executor
        .insert(userBlocks)
        .values({ blockerId, blockedId, createdAt: at })
        .onConflictDoNothing()
        .returning({ blockerId: userBlocks.blockerId });
      return rows.length > 0;
    },

    async unblock(executor: DbExecutor, blockerId: string, blockedId: string): Promise<void> {
      await executor
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    },

    /** The people a person blocked, newest first, with their names and pictures. */
    blockedBy(executor: DbExecutor, blockerId: string) {
      return executor
        .select({
          userId: userBlocks.blockedId,
          createdAt: userBlocks.createdAt,
          fullName: profiles.fullName,
          avatarUrl: profiles.avatarUrl,
        })
        .from(userBlocks)
        .leftJoin(profiles, eq(profiles.userId, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, blockerId))
        .orderBy(desc(userBlocks.createdAt));
    },

    /** Whether two people share a conversation, a session request or a session (either side coach). */
    async shareHistory(executor: DbExecutor, a: string, b: string): Promise<boolean> {
      const result = await executor.execute<{ shared: boolean }>(sql`select
        exists (select 1 from ${inquiryConversations}
                 where (${inquiryConversations.coachId} = ${a} and ${inquiryConversations.clientId} = ${b})
                    or (${inquiryConversations.coachId} = ${b} and ${inquiryConversations.clientId} = ${a}))
        or exists (select 1 from ${sessionRequests}
                 where (${sessionRequests.coachId} = ${a} and ${sessionRequests.clientId} = ${b})
                    or (${sessionRequests.coachId} = ${b} and ${sessionRequests.clientId} = ${a}))
        or exists (select 1 from ${chatSessions}
                 where (${chatSessions.coachId} = ${a} and ${chatSessions.clientId} = ${b})
                    or (${chatSessions.coachId} = ${b} and ${chatSessions.clientId} = ${a})) as shared`);
      return result.rows[0]?.shared === true;
    },

    async insertReport(executor: DbExecutor, values: typeof messageReports.$inferInsert) {
      const [row] = await executor.insert(messageReports).values(values).returning();
      if (!row) throw new Error('message report insert returned no row');
      return row;
    },

    /** The newest reports, each with the message reported (when one was). */
    listReports(executor: DbExecutor, limit: number) {
      return executor
        .select({ report: messageReports, message: inquiryMessages })
        .from(messageReports)
        .leftJoin(inquiryMessages, eq(inquiryMessages.id, messageReports.messageId))
        .orderBy(desc(messageReports.createdAt), desc(messageReports.id))
        .limit(limit);
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
