import { CHAT_EVENTS, CHAT_MESSAGES } from '#contracts/chat';
import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import { createGroupCommit, type Settled } from '#server/lib/group-commit';
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
   * Text messages in one statement (repository.insertTextsAndRecord): the common case, with the same
   * rules as the transaction below; delivered after it. The outcome of each message written, by id; a
   * message not written (its session is not on, its id was used) is left out, for the transaction path to
   * decide. Undefined when the statement wrote nothing because a writer of one of the sessions got there
   * first (a unique violation: it rolled back whole).
   */
  async function insertTexts(items: readonly PendingInsert[]): Promise<Map<string, SendOutcome> | undefined> {
    const now = clock.now();
    const createdAt = now.toISOString();
    const messages = items.map(({ session, userId, values }) => {
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
      return { values: row, payload: { message: placeholder }, placeholder };
    });
    let written: Awaited<ReturnType<typeof repository.insertTextsAndRecord>>;
    try {
      written = await repository.insertTextsAndRecord(db, {
        messages,
        sentAt: now,
        eventType: CHAT_EVENTS.messageCreated,
        recording: (events, createdAt) => realtime.recordingCtes({ input: events, createdAt }),
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
    const outcomes = new Map<string, SendOutcome>();
    const events: RealtimeEvent[] = [];
    for (const { values, placeholder } of messages) {
      const made = written.get(values.id);
      if (!made) continue;
      const message = { ...placeholder, seq: made.seq };
      outcomes.set(values.id, { created: true, message });
      for (const event of made.events)
        events.push({
          topic: event.topic,
          seq: event.seq,
          type: CHAT_EVENTS.messageCreated,
          payload: { message },
          created_at: createdAt,
        });
    }
    await realtime.deliver(events);
    return outcomes;
  }

  /**
   * One message alone: a text without a guard in one statement (insertTexts) when nothing is unusual;
   * otherwise one transaction of four statements: lock the chat_sessions row (with its guests),
   * insert with the next seq (max + 1 under the lock: gapless) unless the id is taken, record
   * chat_message.created on every listener's topic in one statement, commit; delivered after it commits.
   * A taken id is looked up then: the sender's own retry gets the same message back (nothing new), anyone
   * else's is a conflict; so is a send to a session that is no longer on (unless it is a retry of a
   * message it has).
   */
  async function insertOne(pending: PendingInsert): Promise<SendOutcome> {
    if (!pending.guard && pending.values.messageType === 'text') {
      const sent = (await insertTexts([pending]))?.get(pending.values.id);
      if (sent) return sent;
    }
    return insertInTransaction(pending);
  }

  /** insertOne's transaction: what a send the one statement did not write goes through. */
  async function insertInTransaction(pending: PendingInsert): Promise<SendOutcome> {
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
   * Several text sends (of any sessions, distinct ids) that came together, in one statement
   * (insertTexts); one it did not write (a retry, a session no longer on) takes insertOne's transaction,
   * which says why. Throws when a writer of one of the sessions got there first: the group commit then sends
   * each alone.
   */
  async function insertMany(items: readonly PendingInsert[]): Promise<Settled<SendOutcome>[]> {
    const written = await insertTexts(items);
    if (!written) throw new Error('chat group commit: a session had a newer message; sending each alone');
    const settled: Settled<SendOutcome>[] = [];
    for (const item of items) {
      const made = written.get(item.values.id);
      if (made) settled.push({ ok: true, value: made });
      else
        settled.push(
          await insertInTransaction(item).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
        );
    }
    return settled;
  }

  /** Text sends made while others are being written share their next statement (group commit). */
  const sends = createGroupCommit<PendingInsert, SendOutcome>({
    one: insertOne,
    many: insertMany,
    keyOf: (item) => item.values.id,
  });

  /** A text message into its session: created, or the one its id already made. */
  const insertText = (
    session: SessionParties,
    userId: string,
    text: { id: string; messageContent: string },
  ): Promise<SendOutcome> => sends.submit({ session, userId, values: { ...text, messageType: 'text' } });

  return { insertOne, insertText };
}

export type ChatWriter = ReturnType<typeof createChatInsert>;
