import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { preparedStatement } from '#server/db/prepared';

/** appendTexts' statement, built once (every input a placeholder): see appendTexts. */
const appendTextsStatement = (recording: (events: SQL, createdAt: SQL) => SQL) =>
  preparedStatement<{
    id: string;
    message_seq: number;
    sender_type: 'coach' | 'client';
    topic: string;
    seq: string;
    /** The notification's event payload (null for the message's events, which the caller builds). */
    notification: Record<string, unknown> | null;
  }>('messages_append_texts', () => {
    const p = (name: string) => sql.placeholder(name);
    return sql`
      with input as (
        select * from unnest(${p('ids')}::uuid[], ${p('conversationIds')}::uuid[],
                             ${p('senderUserIds')}::uuid[], ${p('contents')}::text[], ${p('payloads')}::text[],
                             ${p('notifications')}::text[])
               with ordinality as i(id, conversation_id, sender_user_id, content, payload, notification, ord)),
      seen as (
        select c.id, c.xmin::text as version from inquiry_conversations c
         where c.id = any(array(select conversation_id from input))),
      locked as (
        select c.id, c.xmin::text as version, c.coach_id, c.client_id, c.last_seq,
               c.coach_alerted_at, c.client_alerted_at
          from inquiry_conversations c
         where c.id = any(array(select distinct conversation_id from input))
         order by c.id for update),
      sending as (
        select i.*, l.coach_id, l.client_id, l.last_seq + 1 as seq,
               case when i.sender_user_id = l.coach_id then 'coach' else 'client' end as sender_type,
               case when i.sender_user_id = l.coach_id then l.client_id else l.coach_id end as recipient_id,
               case when i.sender_user_id = l.coach_id then l.client_alerted_at else l.coach_alerted_at end
                 as recipient_alerted_at,
               coalesce(nullif(btrim(cp.full_name), ''), ${p('coachFallback')}::text) as coach_name
          from input i join locked l on l.id = i.conversation_id
          join seen s on s.id = l.id and s.version = l.version
          left join profiles cp on cp.user_id = l.coach_id
         where i.sender_user_id in (l.coach_id, l.client_id)),
      fresh as (
        select s.*,
               -- A coach's message to a client with an account tells them (coach_message), unless a
               -- notification of this conversation is still unread.
               (s.sender_type = 'coach' and s.client_id is not null and not exists (
                 select 1 from notifications n
                  where n.user_id = s.client_id and n.type = 'coach_message'
                    and n.action_url = '/chat/' || s.conversation_id::text and n.read_at is null)) as notify,
               jsonb_set(jsonb_set(s.notification::jsonb, '{title}',
                                   to_jsonb(replace(s.notification::jsonb->>'title', ${p('nameMark')}::text,
                                                    s.coach_name))),
                         '{actor_name}', to_jsonb(s.coach_name)) as told
          from sending s
         where not exists (select 1 from inquiry_messages m where m.id = s.id)
           and (s.client_id is null or not exists (
                 select 1 from user_blocks b
                  where (b.blocker_id = s.coach_id and b.blocked_id = s.client_id)
                     or (b.blocker_id = s.client_id and b.blocked_id = s.coach_id)))
           and (s.recipient_alerted_at > ${p('alertedSince')}::timestamptz
                or exists (select 1 from realtime_connections rc
                            where rc.user_id = s.recipient_id and rc.seen_at > ${p('openSince')}::timestamptz)
                or exists (select 1 from users u
                            where u.id = s.recipient_id and (u.email is null or u.email_confirmed_at is null)))),
      updated as (
        update inquiry_conversations c
           set last_seq = f.seq, last_message_at = ${p('sentAt')}::timestamptz,
               updated_at = ${p('sentAt')}::timestamptz, coach_archived_at = null, client_archived_at = null,
               coach_read_seq = case when f.sender_type = 'coach' then f.seq else c.coach_read_seq end,
               client_read_seq = case when f.sender_type = 'client' then f.seq else c.client_read_seq end
          from fresh f where c.id = f.conversation_id
        returning c.id),
      ins as (
        insert into inquiry_messages
          (id, conversation_id, seq, sender_type, sender_user_id, message_content, message_type,
           is_automated, created_at)
        select f.id, f.conversation_id, f.seq, f.sender_type, f.sender_user_id, f.content, 'text', false,
               ${p('sentAt')}::timestamptz
          from fresh f order by f.ord
        returning id, seq),
      notified as (
        insert into notifications
          (id, user_id, type, title, message, actor_id, actor_name, action_text, action_url, created_at)
        select (f.told->>'id')::uuid, f.client_id, f.told->>'type', f.told->>'title', f.told->>'message',
               f.coach_id, f.coach_name, f.told->>'action_text', f.told->>'action_url',
               ${p('sentAt')}::timestamptz
          from fresh f where f.notify
        returning id),
      ${recording(
        // Per message: its notification first (odd ord), then its event on each party's topic (even).
        sql`
        select 'user:' || u::text as topic, ${p('eventType')}::text as type,
               jsonb_set(jsonb_set(f.payload::jsonb, '{message,seq}', to_jsonb(f.seq)),
                         '{message,sender_type}', to_jsonb(f.sender_type)) as payload, f.ord * 2 as ord
          from fresh f join ins on ins.id = f.id, unnest(array[f.coach_id, f.client_id]) u
         where u is not null
        union all
        select 'user:' || f.client_id::text, ${p('notificationEventType')}::text,
               jsonb_build_object('notification', f.told), f.ord * 2 - 1
          from fresh f join notified on notified.id = (f.told->>'id')::uuid`,
        sql`${p('sentAt')}`,
      )}
      select ins.id, ins.seq as message_seq, f.sender_type, n.topic, n.seq,
             case when n.ord % 2 = 1 then n.payload->'notification' end as notification
        from rt_numbered n join fresh f on f.ord = (n.ord + 1) / 2 join ins on ins.id = f.id
       order by n.ord, n.topic`;
  });

export type AppendedText = {
  seq: number;
  senderType: 'coach' | 'client';
  /** Its events in order: the client's notification (with its payload) when one was added, then the message's. */
  events: { topic: string; seq: number; notification: Record<string, unknown> | null }[];
};

/** The common case of a conversation's message, written in one statement (messages.texts.ts). */
export function createTextsRepository() {
  let appendTexts: ReturnType<typeof appendTextsStatement> | undefined;
  return {
    /**
     * Text messages of people with an account (one or several, of distinct conversations) in one
     * statement and no explicit transaction: lock their conversations (in id order: two writers cannot
     * deadlock), and write each message whose case is the common one — the sender is a party, neither
     * party blocked the other, its id is new, and the other side needs no alert (they have an open tab,
     * were alerted within the gap, or have no confirmed address to alert) — with the conversation's next
     * seq, its last message, un-archiving and the sender's read position; a coach's message to a client
     * with no unread coach_message notification of the conversation adds one (`notification`, its name
     * mark replaced by the coach's name); and every event through `recording` (the realtime service's
     * CTEs): the notification's on the client's topic, then the message's on each party's topic (its seq
     * and sender_type set in SQL). A conversation that changed after the statement's snapshot (another
     * writer committed while this one waited for its lock) is not written either, so every check above
     * reads the row as it is. Returns what was written by message id; the rest is for the caller's
     * transaction path, which says why or does the rest (alerts).
     */
    async appendTexts(
      db: Database,
      input: {
        messages: readonly {
          id: string;
          conversationId: string;
          senderUserId: string;
          content: string;
          /** The event's payload with a placeholder seq and sender_type (set here). */
          payload: Record<string, unknown>;
          /** The notification to add if one is due, as its event shows it, `nameMark` for the coach's name. */
          notification: Record<string, unknown>;
        }[];
        sentAt: Date;
        /** An alert after this is recent enough that none is sent now (MESSAGE_ALERT_GAP_MS). */
        alertedSince: Date;
        /** A tab seen after this is open (realtime CONNECTION_STALE_MS). */
        openSince: Date;
        nameMark: string;
        /** The coach's name when their profile has none. */
        coachFallback: string;
        eventType: string;
        notificationEventType: string;
        recording: (events: SQL, createdAt: SQL) => SQL;
      },
    ): Promise<Map<string, AppendedText>> {
      appendTexts ??= appendTextsStatement(input.recording);
      const { messages } = input;
      const rows = await appendTexts(db, {
        ids: messages.map((message) => message.id),
        conversationIds: messages.map((message) => message.conversationId),
        senderUserIds: messages.map((message) => message.senderUserId),
        contents: messages.map((message) => message.content),
        payloads: messages.map((message) => JSON.stringify(message.payload)),
        notifications: messages.map((message) => JSON.stringify(message.notification)),
        sentAt: input.sentAt.toISOString(),
        alertedSince: input.alertedSince.toISOString(),
        openSince: input.openSince.toISOString(),
        nameMark: input.nameMark,
        coachFallback: input.coachFallback,
        eventType: input.eventType,
        notificationEventType: input.notificationEventType,
      });
      const written = new Map<string, AppendedText>();
      for (const row of rows) {
        let message = written.get(row.id);
        if (!message)
          written.set(
            row.id,
            (message = { seq: Number(row.message_seq), senderType: row.sender_type, events: [] }),
          );
        message.events.push({ topic: row.topic, seq: Number(row.seq), notification: row.notification });
      }
      return written;
    },
  };
}

export type TextsRepository = ReturnType<typeof createTextsRepository>;
