import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern, countRows } from '#server/lib/row-queries';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '#server/db/client';
import type { TimeCursor } from '#server/lib/time-cursor';
import {
  chatSessions,
  inquiryConversations,
  inquiryMessages,
  messageReports,
  profiles,
  sessionRequests,
  userRoles,
  users,
} from '#server/db/schema/index';

export type ConversationRow = typeof inquiryConversations.$inferSelect;
export type InquiryMessageRow = typeof inquiryMessages.$inferSelect;

/** A conversation with what its list shows: both parties' names and pictures, and its last message. */
export type ConversationViewRow = {
  conversation: ConversationRow;
  coach: { fullName: string | null; avatarUrl: string | null; username: string | null } | null;
  client: { fullName: string | null; avatarUrl: string | null } | null;
  lastMessage: InquiryMessageRow | null;
};

const coachProfile = alias(profiles, 'coach_profile');
const clientProfile = alias(profiles, 'client_profile');
const lastMessage = alias(inquiryMessages, 'last_message');

const isParty = (userId: string) =>
  or(eq(inquiryConversations.coachId, userId), eq(inquiryConversations.clientId, userId));

/** inquiry_conversations and inquiry_messages (server/db/schema/messages.ts). */
export function createMessagesRepository() {
  const viewQuery = (executor: DbExecutor) =>
    executor
      .select({
        conversation: inquiryConversations,
        coach: {
          fullName: coachProfile.fullName,
          avatarUrl: coachProfile.avatarUrl,
          username: coachProfile.username,
        },
        client: { fullName: clientProfile.fullName, avatarUrl: clientProfile.avatarUrl },
        lastMessage,
      })
      .from(inquiryConversations)
      .leftJoin(coachProfile, eq(coachProfile.userId, inquiryConversations.coachId))
      .leftJoin(clientProfile, eq(clientProfile.userId, inquiryConversations.clientId))
      .leftJoin(
        lastMessage,
        and(
          eq(lastMessage.conversationId, inquiryConversations.id),
          eq(lastMessage.seq, inquiryConversations.lastSeq),
        ),
      );

  return {
    /** The conversation if `userId` is one of its parties (undefined for anyone else, as for none). */
    async findForParty(
      executor: DbExecutor,
      id: string,
      userId: string,
    ): Promise<ConversationViewRow | undefined> {
      const [row] = await viewQuery(executor).where(and(eq(inquiryConversations.id, id), isParty(userId)));
      return row;
    },

    /**
     * A person's conversations that have a message, most recent first, after `cursor`: archived or not
     * (their own side), and, with `q`, those whose other party's name contains it.
     */
    listForParty(
      executor: DbExecutor,
      userId: string,
      filter: { cursor: TimeCursor | null; q: string | null; archived: boolean },
      limit: number,
    ): Promise<ConversationViewRow[]> {
      const { cursor, q, archived } = filter;
      const after: SQL | undefined = cursor
        ? or(
            lt(inquiryConversations.lastMessageAt, cursor.at),
            and(eq(inquiryConversations.lastMessageAt, cursor.at), lt(inquiryConversations.id, cursor.id)),
          )
        : undefined;
      const isCoachSide = sql`${inquiryConversations.coachId} = ${userId}`;
      const archivedAt = sql`case when ${isCoachSide} then ${inquiryConversations.coachArchivedAt}
        else ${inquiryConversations.clientArchivedAt} end`;
      const otherName = sql`case when ${isCoachSide}
        then coalesce(${clientProfile.fullName}, ${inquiryConversations.clientName})
        else ${coachProfile.fullName} end`;
      return viewQuery(executor)
        .where(
          and(
            isParty(userId),
            sql`${inquiryConversations.lastMessageAt} is not null`,
            archived ? sql`${archivedAt} is not null` : sql`${archivedAt} is null`,
            q ? sql`${otherName} ilike ${containsPattern(q)}` : undefined,
            after,
          ),
        )
        .orderBy(desc(inquiryConversations.lastMessageAt), desc(inquiryConversations.id))
        .limit(limit);
    },

    /** Archives the conversation for one of its parties (their side only) or brings it back. */
    async setArchived(
      executor: DbExecutor,
      id: string,
      userId: string,
      archivedAt: Date | null,
    ): Promise<boolean> {
      const rows = await executor
        .update(inquiryConversations)
        .set({
          coachArchivedAt: sql`case when ${inquiryConversations.coachId} = ${userId}
            then ${archivedAt}::timestamptz else ${inquiryConversations.coachArchivedAt} end`,
          clientArchivedAt: sql`case when ${inquiryConversations.clientId} = ${userId}
            then ${archivedAt}::timestamptz else ${inquiryConversations.clientArchivedAt} end`,
        })
        .where(and(eq(inquiryConversations.id, id), isParty(userId)))
        .returning({ id: inquiryConversations.id });
      return rows.length > 0;
    },

    /** The other sides' messages a person has not read, over all their conversations. */
    async unreadTotal(executor: DbExecutor, userId: string): Promise<number> {
      const [row] = await executor
        .select({
          unread: sql<number>`coalesce(sum(case when ${inquiryConversations.coachId} = ${userId}
            then ${inquiryConversations.lastSeq} - ${inquiryConversations.coachReadSeq}
            else ${inquiryConversations.lastSeq} - ${inquiryConversations.clientReadSeq} end), 0)::int`,
        })
        .from(inquiryConversations)
        .where(isParty(userId));
      return row?.unread ?? 0;
    },

    /** The conversation of a coach and a client with an account, if they have one. */
    async findIdOfPair(executor: DbExecutor, coachId: string, clientId: string): Promise<string | undefined> {
      const [row] = await executor
        .select({ id: inquiryConversations.id })
        .from(inquiryConversations)
        .where(and(eq(inquiryConversations.coachId, coachId), eq(inquiryConversations.clientId, clientId)));
      return row?.id;
    },

    /**
     * A new conversation, or undefined when its pair (a coach and a client, or a coach and a visitor's
     * address) already has one: two first messages at once, the partial unique indexes let one insert
     * in and the other does nothing (its id is new, so no other conflict can arise).
     */
    async insertIfNew(
      executor: DbExecutor,
      values: typeof inquiryConversations.$inferInsert,
    ): Promise<string | undefined> {
      const [row] = await executor
        .insert(inquiryConversations)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: inquiryConversations.id });
      return row?.id;
    },

    /** A visitor's conversation with a coach (by the address they wrote from), if there is one. */
    async findVisitorConversation(
      executor: DbExecutor,
      coachId: string,
      email: string,
    ): Promise<string | undefined> {
      const [row] = await executor
        .select({ id: inquiryConversations.id })
        .from(inquiryConversations)
        .where(
          and(
            eq(inquiryConversations.coachId, coachId),
            isNull(inquiryConversations.clientId),
            sql`lower(${inquiryConversations.clientEmail}) = ${email.toLowerCase()}`,
          ),
        );
      return row?.id;
    },

    /** Row-locks a conversation by its id alone (a visitor's send, a claim). */
    async lock(executor: DbExecutor, id: string): Promise<ConversationRow | undefined> {
      const [row] = await executor
        .select()
        .from(inquiryConversations)
        .where(eq(inquiryConversations.id, id))
        .for('update');
      return row;
    },

    /** How many messages visitors wrote from this address since `since`, to any coach. */
    async visitorMessagesSince(executor: DbExecutor, email: string, since: Date): Promise<number> {
      return countRows(
        executor,
        inquiryMessages,
        and(
          isNull(inquiryMessages.senderUserId),
          eq(inquiryMessages.senderType, 'client'),
          gte(inquiryMessages.createdAt, since),
          inArray(
            inquiryMessages.conversationId,
            executor
              .select({ id: inquiryConversations.id })
              .from(inquiryConversations)
              .where(sql`lower(${inquiryConversations.clientEmail}) = ${email.toLowerCase()}`),
          ),
        ),
      );
    },

    /** A visitor's conversation becomes the account's: it and the visitor's messages are theirs. */
    async claim(executor: DbExecutor, id: string, userId: string): Promise<void> {
      await executor
        .update(inquiryConversations)
        .set({ clientId: userId })
        .where(and(eq(inquiryConversations.id, id), isNull(inquiryConversations.clientId)));
      await executor
        .update(inquiryMessages)
        .set({ senderUserId: userId })
        .where(
          and(
            eq(inquiryMessages.conversationId, id),
            eq(inquiryMessages.senderType, 'client'),
            isNull(inquiryMessages.senderUserId),
          ),
        );
    },

    /**
     * A visitor's conversation claimed by an account that already has one with the coach: its messages
     * (and reports) move after the account's, numbered on from its last seq; each side's read position
     * stays where it was unless it had read everything (then it covers what it had read of the visitor's
     * conversation too); the visitor's row goes. Both rows are locked by the caller.
     */
    async mergeInto(
      executor: DbExecutor,
      visitor: ConversationRow,
      target: ConversationRow,
      userId: string,
    ): Promise<void> {
      const shift = target.lastSeq;
      await executor
        .update(inquiryMessages)
        .set({
          conversationId: target.id,
          seq: sql`${inquiryMessages.seq} + ${shift}::int`,
          senderUserId: sql`case when ${inquiryMessages.senderType} = 'client'
            then coalesce(${inquiryMessages.senderUserId}, ${userId}::uuid) else ${inquiryMessages.senderUserId} end`,
        })
        .where(eq(inquiryMessages.conversationId, visitor.id));
      await executor
        .update(messageReports)
        .set({
          conversationId: target.id,
          reportedUserId: sql`coalesce(${messageReports.reportedUserId}, ${userId}::uuid)`,
        })
        .where(eq(messageReports.conversationId, visitor.id));
      const readOn = (targetRead: number, visitorRead: number) =>
        targetRead === target.lastSeq ? shift + visitorRead : targetRead;
      const last = [target.lastMessageAt, visitor.lastMessageAt]
        .filter((at): at is Date => at !== null)
        .sort((a, b) => b.getTime() - a.getTime())[0];
      await executor
        .update(inquiryConversations)
        .set({
          lastSeq: shift + visitor.lastSeq,
          lastMessageAt: last ?? null,
          coachReadSeq: readOn(target.coachReadSeq, visitor.coachReadSeq),
          clientReadSeq: readOn(target.clientReadSeq, visitor.clientReadSeq),
        })
        .where(eq(inquiryConversations.id, target.id));
      await executor.delete(inquiryConversations).where(eq(inquiryConversations.id, visitor.id));
    },

    /** Row-locks the conversation for a send by one of its parties (a concurrent send waits here). */
    async lockForParty(
      executor: DbExecutor,
      id: string,
      userId: string,
    ): Promise<ConversationRow | undefined> {
      const [row] = await executor
        .select()
        .from(inquiryConversations)
        .where(and(eq(inquiryConversations.id, id), isParty(userId)))
        .for('update');
      return row;
    },

    async findMessage(executor: DbExecutor, id: string): Promise<InquiryMessageRow | undefined> {
      const [row] = await executor.select().from(inquiryMessages).where(eq(inquiryMessages.id, id));
      return row;
    },

    /**
     * Appends a message under the conversation's lock: the next seq, the conversation's last message
     * time, and the sender's own read position (a person has read what they wrote).
     */
    async append(
      executor: DbExecutor,
      conversation: ConversationRow,
      message: Omit<typeof inquiryMessages.$inferInsert, 'seq' | 'conversationId'>,
    ): Promise<{ message: InquiryMessageRow; conversation: ConversationRow }> {
      const seq = conversation.lastSeq + 1;
      const readColumn = message.senderType === 'coach' ? 'coachReadSeq' : 'clientReadSeq';
      const [updated] = await executor
        .update(inquiryConversations)
        .set({
          lastSeq: seq,
          lastMessageAt: message.createdAt,
          updatedAt: message.createdAt,
          // A new message brings the conversation back to both lists.
          coachArchivedAt: null,
          clientArchivedAt: null,
          [readColumn]: seq,
        })
        .where(eq(inquiryConversations.id, conversation.id))
        .returning();
      const [inserted] = await executor
        .insert(inquiryMessages)
        .values({ ...message, conversationId: conversation.id, seq })
        .returning();
      if (!updated || !inserted) throw new Error('inquiry message append wrote no row');
      return { message: inserted, conversation: updated };
    },

    /** Up to `limit` messages before `beforeSeq` (or the newest), oldest first; and whether older exist. */
    async page(
      executor: DbExecutor,
      conversationId: string,
      beforeSeq: number | null,
      limit: number,
    ): Promise<{ messages: InquiryMessageRow[]; hasMore: boolean }> {
      const rows = await executor
        .select()
        .from(inquiryMessages)
        .where(
          and(
            eq(inquiryMessages.conversationId, conversationId),
            beforeSeq === null ? undefined : lt(inquiryMessages.seq, beforeSeq),
          ),
        )
        .orderBy(desc(inquiryMessages.seq))
        .limit(limit + 1);
      return { messages: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
    },

    /**
     * Moves a party's read position forward to `seq` (never back, never past the last message); the
     * conversation after it, or undefined when `userId` is no party.
     */
    async markRead(
      executor: DbExecutor,
      id: string,
      userId: string,
      seq: number,
    ): Promise<ConversationRow | undefined> {
      const [row] = await executor
        .update(inquiryConversations)
        .set({
          coachReadSeq: sql`case when ${inquiryConversations.coachId} = ${userId}
            then greatest(${inquiryConversations.coachReadSeq}, least(${seq}::int, ${inquiryConversations.lastSeq}))
            else ${inquiryConversations.coachReadSeq} end`,
          clientReadSeq: sql`case when ${inquiryConversations.clientId} = ${userId}
            then greatest(${inquiryConversations.clientReadSeq}, least(${seq}::int, ${inquiryConversations.lastSeq}))
            else ${inquiryConversations.clientReadSeq} end`,
        })
        .where(and(eq(inquiryConversations.id, id), isParty(userId)))
        .returning();
      return row;
    },

    /** Notes that a side was emailed about a message while away (the 15-minute throttle). */
    async markAlerted(executor: DbExecutor, id: string, side: 'coach' | 'client', at: Date): Promise<void> {
      await executor
        .update(inquiryConversations)
        .set(side === 'coach' ? { coachAlertedAt: at } : { clientAlertedAt: at })
        .where(eq(inquiryConversations.id, id));
    },

    /** A person's confirmed address (null when none) and the name on their profile. */
    async contactOf(
      executor: DbExecutor,
      userId: string,
    ): Promise<{ email: string | null; fullName: string | null } | undefined> {
      const [row] = await executor
        .select({
          email: sql<string | null>`case when ${users.emailConfirmedAt} is not null then ${users.email} end`,
          fullName: profiles.fullName,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    /** Whether a person holds the coach role (anyone a client may write to). */
    async isCoach(executor: DbExecutor, userId: string): Promise<boolean> {
      const [row] = await executor
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'coach')));
      return row !== undefined;
    },

    /** Whether a client has asked a coach for a session, had one with them, or written to them. */
    async haveMet(executor: DbExecutor, coachId: string, clientId: string): Promise<boolean> {
      const result = await executor.execute<{ met: boolean }>(sql`select
        exists (select 1 from ${sessionRequests} where ${sessionRequests.coachId} = ${coachId}
                  and ${sessionRequests.clientId} = ${clientId})
        or exists (select 1 from ${chatSessions} where ${chatSessions.coachId} = ${coachId}
                  and ${chatSessions.clientId} = ${clientId})
        or exists (select 1 from ${inquiryConversations} where ${inquiryConversations.coachId} = ${coachId}
                  and ${inquiryConversations.clientId} = ${clientId}
                  and ${inquiryConversations.lastSeq} > 0) as met`);
      return result.rows[0]?.met === true;
    },

    /** The name and confirmed address a conversation keeps for its client. */
    async clientIdentity(
      executor: DbExecutor,
      clientId: string,
    ): Promise<{ fullName: string | null; email: string | null; emailConfirmedAt: Date | null } | undefined> {
      const [row] = await executor
        .select({ fullName: profiles.fullName, email: users.email, emailConfirmedAt: users.emailConfirmedAt })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, clientId));
      return row;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
