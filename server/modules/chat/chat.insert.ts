import { CHAT_EVENTS, CHAT_MESSAGES } from '#contracts/chat';
import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import { createGroupCommit, type Settled } from './group-commit';
import { isUniqueViolation } from '#server/lib/row-queries';
import type { ChatMessageRow, NewChatMessageRow } from './chat.repository';
import {
  idTaken,
  isOn,
  sameMessage,
  senderTypeOf,
  toChatMessage,
  userTopic,
  type ChatDeps,
  type SendOutcome,
  type SessionParties,
} from './chat.shared';

export type InsertValues = Omit<
  NewChatMessageRow,
  'sessionId' | 'seq' | 'senderType' | 'senderUserId' | 'sentAt'
>;

/**
 * `guard`: runs in the insert's transaction under the session row lock, before the row is written (the
 * attachment quotas); throwing refuses the message.
 */
export type PendingInsert = {
  session: SessionParties;
  userId: string;
  values: InsertValues;
  guard?: (tx: DbExecutor) => Promise<void>;
};

const sessionNotFound = () => new AppError('NOT_FOUND', 'This session could not be found.');
const sessionEnded = () => new AppError('CONFLICT', CHAT_MESSAGES.sessionEnded);
const endOf = (locked: { startTime: Date; durationMinutes: number }) =>
  locked.startTime.getTime() + locked.durationMinutes * 60_000;

/** Who hears a message: both parties, the sender when they are the client by confirmed email (another
 * account), and the session's guests. */
const listenersOf = (session: SessionParties, userId: string, guestIds: readonly string[]) =>
  new Set([session.coach_id, session.client_id, userId, ...guestIds].map(userTopic));

/** Writing messages: one alone, or several sends that came together in one transaction (group commit). */
export function createChatInsert(deps: ChatDeps) {
  const { db, repository, realtime, clock } = deps;

  /**
   * A text message alone in one statement (repository.insertTextAndRecord): the common case, with the
   * same rules as the transaction below. Undefined when it wrote nothing — the session is not on, the
   * id was used, or a writer of the same session got there first — and the transaction then decides.
   */
  async function insertTextAlone({
    session,
    userId,
    values,
  }: PendingInsert): Promise<SendOutcome | undefined> {
    const now = clock.now();
    const row: ChatMessageRow = {
      attachmentKey: null,
      attachmentName: null,
      attachmentMime: null,
      attachmentSize: null,
      attachmentDurationMs: null,
      ...values,
      messageType: 'text',
      sessionId: session.id,
      seq: 0,
      senderType: senderTypeOf(session, userId),
      senderUserId: userId,
      sentAt: now,
    };
    const placeholder = toChatMessage(row);
    let written: Awaited<ReturnType<typeof repository.insertTextAndRecord>>;
    try {
      written = await repository.insertTextAndRecord(db, {
        values: row,
        partyIds: [session.coach_id, session.client_id, userId],
        payload: { message: placeholder },
        recording: ({ topics, payload }) =>
          realtime.recordingCtes({ topics, payload, type: CHAT_EVENTS.messageCreated, createdAt: now }),
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
    if (!written) return undefined;
    const message = { ...placeholder, seq: written.seq };
    const createdAt = now.toISOString();
    await realtime.deliver(
      written.events.map((event) => ({
        topic: event.topic,
        seq: event.seq,
        type: CHAT_EVENTS.messageCreated,
        payload: { message },
        created_at: createdAt,
      })),
    );
    return { created: true, message };
  }

  /**
   * One message alone, one transaction of four statements: lock the chat_sessions row (with its guests),
   * insert with the next seq (max + 1 under the lock: gapless) unless the id is taken, record
   * chat_message.created on every listener's topic in one statement, commit; delivered after it commits.
   * A taken id is looked up then: the sender's own retry gets the same message back (nothing new), anyone
   * else's is a conflict; so is a send to a session that is no longer on (unless it is a retry of a
   * message it has).
   */
  async function insertOne(pending: PendingInsert): Promise<SendOutcome> {
    if (!pending.guard && pending.values.messageType === 'text') {
      const sent = await insertTextAlone(pending);
      if (sent) return sent;
    }
    const { session, userId, values, guard } = pending;
    const sessionId = session.id;
    const outcome = await db.transaction(async (tx) => {
      const locked = await repository.lockSession(tx, sessionId);
      if (!locked) throw sessionNotFound();
      /** A message already made with this id (read after the lock: a concurrent retry has committed). */
      const retried = async (orElse: () => AppError) => {
        const existing = await repository.findMessage(tx, values.id);
        if (!existing || !sameMessage(existing, sessionId, userId)) throw existing ? idTaken() : orElse();
        return { created: false, row: existing, events: [] as RealtimeEvent[] };
      };
      const now = clock.now();
      if (!isOn(locked.status, endOf(locked), now)) return retried(sessionEnded);
      if (guard) {
        // A message already made with this id is answered as it is, whatever the guard would say now.
        if (await repository.findMessage(tx, values.id)) return retried(idTaken);
        await guard(tx);
      }
      const row = await repository.insertNext(tx, {
        ...values,
        sessionId,
        senderType: senderTypeOf(session, userId),
        senderUserId: userId,
        sentAt: now,
      });
      // The id is taken: this sender's retry, or another message's id (a conflict).
      if (!row) return retried(idTaken);
      const message = toChatMessage(row);
      const events = await realtime.recordMany(
        tx,
        [...listenersOf(session, userId, locked.guestIds)].map((topic) => ({
          topic,
          type: CHAT_EVENTS.messageCreated,
          payload: { message },
        })),
      );
      return { created: true, row, events };
    });
    await realtime.deliver(outcome.events);
    return { created: outcome.created, message: toChatMessage(outcome.row) };
  }

  /**
   * Several messages (of any sessions, distinct ids) in one transaction of five statements, with the same
   * rules as insertOne: lock their sessions (in id order), read the messages already made with their
   * ids, insert the new ones with their sessions' next seqs (in submission order), record every
   * chat_message.created in one statement, commit, then deliver all in order. Throws (rolls back) only
   * when an id was taken by another session meanwhile; the group commit then sends each alone.
   */
  async function insertMany(items: readonly PendingInsert[]): Promise<Settled<SendOutcome>[]> {
    const { outcomes, events } = await db.transaction(async (tx) => {
      const sessionIds = [...new Set(items.map((item) => item.session.id))];
      const locked = new Map((await repository.lockSessions(tx, sessionIds)).map((row) => [row.id, row]));
      const existing = new Map(
        (
          await repository.findMessages(
            tx,
            items.map((item) => item.values.id),
          )
        ).map((row) => [row.id, row]),
      );
      const now = clock.now();
      const settled: Settled<SendOutcome>[] = [];
      const fresh: { index: number; values: Omit<NewChatMessageRow, 'seq'>; offset: number }[] = [];
      const offsets = new Map<string, number>();
      items.forEach(({ session, userId, values }, index) => {
        const lockedSession = locked.get(session.id);
        const found = existing.get(values.id);
        if (!lockedSession) settled[index] = { ok: false, error: sessionNotFound() };
        else if (found)
          settled[index] = sameMessage(found, session.id, userId)
            ? { ok: true, value: { created: false, message: toChatMessage(found) } }
            : { ok: false, error: idTaken() };
        else if (!isOn(lockedSession.status, endOf(lockedSession), now))
          settled[index] = { ok: false, error: sessionEnded() };
        else {
          const offset = (offsets.get(session.id) ?? 0) + 1;
          offsets.set(session.id, offset);
          fresh.push({
            index,
            offset,
            values: {
              ...values,
              sessionId: session.id,
              senderType: senderTypeOf(session, userId),
              senderUserId: userId,
              sentAt: now,
            },
          });
        }
      });
      const rows = new Map((await repository.insertNextMany(tx, fresh)).map((row) => [row.id, row]));
      if (rows.size !== fresh.length) throw new Error('chat group commit: a message id was taken meanwhile');
      const inputs: { topic: string; type: string; payload: Record<string, unknown> }[] = [];
      for (const { index, values } of fresh) {
        const item = items[index]!;
        const message = toChatMessage(rows.get(values.id)!);
        settled[index] = { ok: true, value: { created: true, message } };
        for (const topic of listenersOf(item.session, item.userId, locked.get(item.session.id)!.guestIds))
          inputs.push({ topic, type: CHAT_EVENTS.messageCreated, payload: { message } });
      }
      return { outcomes: settled, events: await realtime.recordMany(tx, inputs) };
    });
    await realtime.deliver(events);
    return outcomes;
  }

  /** Sends made while others are being written share their next transaction (group commit). */
  const sends = createGroupCommit<PendingInsert, SendOutcome>({
    one: insertOne,
    many: insertMany,
    keyOf: (item) => item.values.id,
  });

  /** A message (text or attachment) into its session: created, or the one its id already made. */
  const insert = (session: SessionParties, userId: string, values: InsertValues): Promise<SendOutcome> =>
    sends.submit({ session, userId, values });

  return { insertOne, insert };
}

export type ChatWriter = ReturnType<typeof createChatInsert>;
