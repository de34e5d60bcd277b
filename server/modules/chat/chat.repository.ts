import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '#server/db/client';
import { preparedStatement } from '#server/db/prepared';
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

/** repository.insertTextsAndRecord's statement, built once (every input a placeholder). */
const insertTextsStatement = (recording: (events: SQL, createdAt: SQL) => SQL) =>
  preparedStatement<{ id: string; message_seq: number; topic: string; seq: string }>(
    'chat_insert_texts',
    () => {
      const p = (name: string) => sql.placeholder(name);
      return sql`
      with input as (
        select * from unnest(${p('ids')}::uuid[], ${p('sessionIds')}::uuid[], ${p('senderTypes')}::text[],
                             ${p('senderUserIds')}::uuid[], ${p('contents')}::text[], ${p('payloads')}::text[])
               with ordinality as i(id, session_id, sender_type, sender_user_id, content, payload, ord)),
      locked as (
        select s.id, s.coach_id, s.client_id,
               array(select g.user_id from ${sessionGuests} g where g.session_id = s.id) as guest_ids
          from ${chatSessions} s
         where s.id = any(array(select distinct session_id from input))
           and s.status = 'active'
           and s.start_time + s.duration_minutes * interval '1 minute' > ${p('sentAt')}::timestamptz
         order by s.id for update),
      fresh as (
        select i.*, row_number() over (partition by i.session_id order by i.ord) as offset_in_session
          from input i join locked l on l.id = i.session_id
         where not exists (select 1 from ${chatMessages} m where m.id = i.id)),
      ins as (
        insert into ${chatMessages}
          (id, session_id, seq, sender_type, sender_user_id, message_content, message_type, sent_at)
        select f.id, f.session_id,
               (select coalesce(max(m.seq), 0) from ${chatMessages} m where m.session_id = f.session_id)
                 + f.offset_in_session,
               f.sender_type, f.sender_user_id, f.content, 'text', ${p('sentAt')}::timestamptz
          from fresh f order by f.ord
        returning id, seq),
      ${recording(
        sql`
        select distinct on (f.ord, u) 'user:' || u::text as topic, ${p('eventType')}::text as type,
               jsonb_set(f.payload::jsonb, '{message,seq}', to_jsonb(ins.seq)) as payload, f.ord
          from fresh f join ins on ins.id = f.id join locked l on l.id = f.session_id,
               unnest(array[l.coach_id, l.client_id, f.sender_user_id] || l.guest_ids) u
         where u is not null
         order by f.ord, u`,
        sql`${p('sentAt')}`,
      )}
      select ins.id, ins.seq as message_seq, n.topic, n.seq
        from rt_numbered n join fresh f on f.ord = n.ord join ins on ins.id = f.id
       order by f.ord, n.topic`;
    },
  );

export function createChatRepository() {
  let insertTexts: ReturnType<typeof insertTextsStatement> | undefined;
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
     * Text messages (one or several, of any sessions, distinct ids) in one statement, no explicit
     * transaction (one round trip instead of five): lock their session rows (in id order: two writers
     * cannot deadlock), insert each message whose session is on and whose id is new with its session's
     * next seqs (in the order given), and record one `eventType` event per listener — the session's coach
     * and client, the sender, its guests (read under the lock) — through `recording` (the realtime
     * service's CTEs, given the events: each message's payload with its seq set in SQL). Returns the
     * written messages' seqs and events by id; a message not written (its session is not on, its id was
     * used) is left out, for the caller's transaction path to say why. Seqs are read with the statement's
     * snapshot: if a writer of one of the sessions committed while this one waited for its lock, a seq is
     * taken and the statement fails on the (session, seq) key, writing nothing (a unique violation: take
     * the transaction path).
     */
    async insertTextsAndRecord(
      db: Database,
      input: {
        messages: readonly {
          values: Pick<
            NewChatMessageRow,
            'id' | 'sessionId' | 'senderType' | 'senderUserId' | 'messageContent'
          >;
          /** The event's payload with a placeholder seq (set to the message's seq here). */
          payload: Record<string, unknown>;
        }[];
        sentAt: Date;
        eventType: string;
        /** The realtime service's recording CTEs, given the events and their time. */
        recording: (events: SQL, createdAt: SQL) => SQL;
      },
    ): Promise<Map<string, { seq: number; events: { topic: string; seq: number }[] }>> {
      insertTexts ??= insertTextsStatement(input.recording);
      const column = (key: keyof (typeof input.messages)[number]['values']) =>
        input.messages.map((message) => message.values[key]);
      const rows = await insertTexts(db, {
        ids: column('id'),
        sessionIds: column('sessionId'),
        senderTypes: column('senderType'),
        senderUserIds: column('senderUserId'),
        contents: column('messageContent'),
        payloads: input.messages.map((message) => JSON.stringify(message.payload)),
        sentAt: input.sentAt.toISOString(),
        eventType: input.eventType,
      });
      const written = new Map<string, { seq: number; events: { topic: string; seq: number }[] }>();
      for (const row of rows) {
        let message = written.get(row.id);
        if (!message) written.set(row.id, (message = { seq: Number(row.message_seq), events: [] }));
        message.events.push({ topic: row.topic, seq: Number(row.seq) });
      }
      return written;
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
