import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { chatMessages, chatReads, chatSessions, sessionGuests } from '#server/db/schema/index';
import { insertRowIfNew, lockKey } from '#server/lib/row-queries';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessageRow = typeof chatMessages.$inferInsert;

/**
 * chat_messages and chat_reads. A message's seq is taken under the row lock of its
 * chat_sessions row (lockSession) in the insert's transaction, so seqs are gapless per session.
 */
/** What a sender needs of the session it locks: its status and end, and its guests (who hear its messages too). */
const lockedSessionColumns = {
  id: chatSessions.id,
  status: chatSessions.status,
  startTime: chatSessions.startTime,
  durationMinutes: chatSessions.durationMinutes,
  guestIds: sql<
    string[]
  >`array(select g.user_id from ${sessionGuests} g where g.session_id = ${chatSessions}.id)`,
};

export function createChatRepository() {
  return {
    /**
     * Locks the session row (FOR UPDATE): senders of one session queue here. Its status and end, and its
     * guests (who hear its messages too), in the same round trip.
     */
    async lockSession(executor: DbExecutor, sessionId: string) {
      const [row] = await executor
        .select(lockedSessionColumns)
        .from(chatSessions)
        .where(eq(chatSessions.id, sessionId))
        .for('update');
      return row;
    },

    /** lockSession for several sessions at once, locked in id order (two batches cannot deadlock). */
    async lockSessions(executor: DbExecutor, sessionIds: readonly string[]) {
      return executor
        .select(lockedSessionColumns)
        .from(chatSessions)
        .where(inArray(chatSessions.id, [...sessionIds]))
        .orderBy(asc(chatSessions.id))
        .for('update');
    },

    async findMessages(executor: DbExecutor, ids: readonly string[]): Promise<ChatMessageRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(chatMessages)
        .where(inArray(chatMessages.id, [...ids]));
    },

    async findMessage(executor: DbExecutor, id: string): Promise<ChatMessageRow | undefined> {
      const [row] = await executor.select().from(chatMessages).where(eq(chatMessages.id, id));
      return row;
    },

    /** The session's latest seq (0 without messages). */
    async lastSeq(executor: DbExecutor, sessionId: string): Promise<number> {
      const [row] = await executor
        .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)::int` })
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId));
      return row?.seq ?? 0;
    },

    /**
     * Inserts with the session's next seq (max + 1, in the same statement: call it under lockSession, so
     * seqs have no gaps) unless the id exists (then undefined: a retry, or another message's id).
     */
    async insertNext(
      executor: DbExecutor,
      values: Omit<NewChatMessageRow, 'seq'>,
    ): Promise<ChatMessageRow | undefined> {
      return insertRowIfNew(
        executor,
        chatMessages,
        {
          ...values,
          seq: sql`(select coalesce(max(m.seq), 0) + 1 from ${chatMessages} m where m.session_id = ${values.sessionId})`,
        },
        chatMessages.id,
      );
    },

    /**
     * Inserts several messages in one statement, each with the seq max + `offset` of its session (call it
     * under lockSessions, with the offsets 1, 2, 3… per session in the order wanted and ids not yet
     * used: an id taken meanwhile is skipped, so fewer rows come back — roll back then, or a seq is lost).
     */
    async insertNextMany(
      executor: DbExecutor,
      rows: readonly { values: Omit<NewChatMessageRow, 'seq'>; offset: number }[],
    ): Promise<ChatMessageRow[]> {
      if (rows.length === 0) return [];
      return executor
        .insert(chatMessages)
        .values(
          rows.map(({ values, offset }) => ({
            ...values,
            seq: sql`(select coalesce(max(m.seq), 0) + ${offset}::int from ${chatMessages} m where m.session_id = ${values.sessionId})`,
          })),
        )
        .onConflictDoNothing({ target: chatMessages.id })
        .returning();
    },

    /**
     * The common send in one statement, no explicit transaction (one round trip instead of five): lock
     * the session row, insert the text message with the next seq if the session is on and the id is
     * new, and record an event on each listener's topic (`partyIds`, plus the guests read under the
     * lock) through `recording` (the realtime service's CTEs, given the topics and the payload: the
     * message's JSON with its seq set in SQL). Returns the message's seq and the events' topics and seqs,
     * or undefined when nothing was written (the session is not on, the id was used: the caller's
     * transaction path says which). Its seq is read with the statement's snapshot: if a writer of the
     * same session committed while this one waited for the lock, the seq is taken and the statement
     * fails on the (session, seq) key, writing nothing (a unique violation: take the transaction path).
     */
    async insertTextAndRecord(
      executor: DbExecutor,
      input: {
        values: Omit<NewChatMessageRow, 'seq'>;
        partyIds: readonly string[];
        /** The chat_message.created payload with a placeholder seq (set to the message's seq here). */
        payload: Record<string, unknown>;
        recording: (ctes: { topics: SQL; payload: SQL }) => SQL;
      },
    ): Promise<{ seq: number; events: { topic: string; seq: number }[] } | undefined> {
      const { values } = input;
      const sentAt = values.sentAt.toISOString();
      const result = await executor.execute<{ message_seq: number; topic: string; seq: number }>(sql`
        with locked as (
          select s.status, s.start_time, s.duration_minutes,
                 array(select g.user_id from ${sessionGuests} g where g.session_id = s.id) as guest_ids
            from ${chatSessions} s where s.id = ${values.sessionId} for update),
        ins as (
          insert into ${chatMessages}
            (id, session_id, seq, sender_type, sender_user_id, message_content, message_type, sent_at)
          select ${values.id}::uuid, ${values.sessionId}::uuid,
                 (select coalesce(max(m.seq), 0) + 1 from ${chatMessages} m where m.session_id = ${values.sessionId}),
                 ${values.senderType}::text, ${values.senderUserId}::uuid, ${values.messageContent}::text, 'text', ${sentAt}::timestamptz
            from locked
           where locked.status = 'active'
             and locked.start_time + locked.duration_minutes * interval '1 minute' > ${sentAt}::timestamptz
             and not exists (select 1 from ${chatMessages} m where m.id = ${values.id})
          returning seq),
        ${input.recording({
          topics: sql`select distinct 'user:' || u::text as topic
                        from ins, locked, unnest(${sql.param([...input.partyIds])}::uuid[] || locked.guest_ids) u`,
          payload: sql`jsonb_set(${JSON.stringify(input.payload)}::jsonb, '{message,seq}', to_jsonb((select seq from ins)))`,
        })}
        select (select seq from ins) as message_seq, topic, seq from rt_events order by topic`);
      const [first] = result.rows;
      if (!first) return undefined;
      return {
        seq: Number(first.message_seq),
        events: result.rows.map((row) => ({ topic: row.topic, seq: Number(row.seq) })),
      };
    },

    /** Inserts unless the id exists (then undefined: a concurrent insert with that id won). */
    async insertMessage(
      executor: DbExecutor,
      values: NewChatMessageRow,
    ): Promise<ChatMessageRow | undefined> {
      return insertRowIfNew(executor, chatMessages, values, chatMessages.id);
    },

    /**
     * Serializes one person's attachment sends across all their sessions (the day's budget spans
     * sessions), for the rest of the transaction. Taken after the session row lock, never before one.
     */
    async lockAttachmentSender(executor: DbExecutor, userId: string): Promise<void> {
      await lockKey(executor, `chat_attachments:${userId}`);
    },

    /**
     * Stored attachment bytes for the quotas (domain/chat/attachment-quota.ts): everyone's in the session,
     * the person's in the session, and the person's sent since `since` in any session.
     */
    async attachmentUsage(
      executor: DbExecutor,
      input: { sessionId: string; userId: string; since: Date },
    ): Promise<{ sessionBytes: number; personSessionBytes: number; personDayBytes: number }> {
      const size = sql`coalesce(${chatMessages.attachmentSize}, 0)::bigint`;
      const [row] = await executor
        .select({
          sessionBytes: sql<string>`coalesce(sum(${size}) filter (where ${chatMessages.sessionId} = ${input.sessionId}), 0)`,
          personSessionBytes: sql<string>`coalesce(sum(${size}) filter (where ${chatMessages.sessionId} = ${input.sessionId} and ${chatMessages.senderUserId} = ${input.userId}), 0)`,
          personDayBytes: sql<string>`coalesce(sum(${size}) filter (where ${chatMessages.senderUserId} = ${input.userId} and ${chatMessages.sentAt} > ${input.since}), 0)`,
        })
        .from(chatMessages)
        .where(
          and(
            sql`${chatMessages.attachmentKey} is not null`,
            or(
              eq(chatMessages.sessionId, input.sessionId),
              and(eq(chatMessages.senderUserId, input.userId), gt(chatMessages.sentAt, input.since)),
            ),
          ),
        );
      return {
        sessionBytes: Number(row?.sessionBytes ?? 0),
        personSessionBytes: Number(row?.personSessionBytes ?? 0),
        personDayBytes: Number(row?.personDayBytes ?? 0),
      };
    },

    /** The person's attachments sent since `since` (when, and how many bytes), oldest first. */
    recentAttachmentSends(executor: DbExecutor, userId: string, since: Date) {
      return executor
        .select({ sentAt: chatMessages.sentAt, bytes: sql<number>`${chatMessages.attachmentSize}` })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.senderUserId, userId),
            gt(chatMessages.sentAt, since),
            sql`${chatMessages.attachmentKey} is not null`,
          ),
        )
        .orderBy(asc(chatMessages.sentAt));
    },

    /** Messages with seq > afterSeq, oldest first. */
    listAfter(executor: DbExecutor, sessionId: string, afterSeq: number, limit: number) {
      return executor
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), gt(chatMessages.seq, afterSeq)))
        .orderBy(asc(chatMessages.seq))
        .limit(limit);
    },

    /** Every read receipt of the session. */
    reads(executor: DbExecutor, sessionId: string) {
      return executor
        .select({ userId: chatReads.userId, lastReadSeq: chatReads.lastReadSeq })
        .from(chatReads)
        .where(eq(chatReads.sessionId, sessionId));
    },

    /**
     * Moves the person's read receipt forward to `seq`; returns true when it moved (never backwards: a
     * lower or equal seq changes nothing).
     */
    async advanceRead(
      executor: DbExecutor,
      input: { sessionId: string; userId: string; seq: number; now: Date },
    ): Promise<boolean> {
      const rows = await executor
        .insert(chatReads)
        .values({
          sessionId: input.sessionId,
          userId: input.userId,
          lastReadSeq: input.seq,
          updatedAt: input.now,
        })
        .onConflictDoUpdate({
          target: [chatReads.sessionId, chatReads.userId],
          set: { lastReadSeq: input.seq, updatedAt: input.now },
          setWhere: sql`${chatReads.lastReadSeq} < ${input.seq}`,
        })
        .returning({ seq: chatReads.lastReadSeq });
      return rows.length > 0;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
