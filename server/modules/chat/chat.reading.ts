import { CHAT_EVENTS, CHAT_MESSAGES, CHAT_TYPING_SERVER_GAP_MS, type ChatHistory } from '#contracts/chat';
import { AppError } from '#domain/errors/app-error';
import { createRecentGate } from '#server/lib/recent-gate';
import { isOn, senderTypeOf, toChatMessage, userTopic, type ChatDeps } from './chat.shared';

/** Reading a session's chat: its history, read receipts, and "is typing". */
export function createChatReading(deps: ChatDeps) {
  const { db, repository, findSession, realtime, clock } = deps;
  /** One "typing" per person and session per CHAT_TYPING_SERVER_GAP_MS (`<userId>:<sessionId>`). */
  const typingGate = createRecentGate(CHAT_TYPING_SERVER_GAP_MS);

  return {
    async history(
      userId: string,
      sessionId: string,
      query: { after_seq: number; limit: number },
    ): Promise<ChatHistory> {
      const session = await findSession(userId, sessionId);
      const [rows, lastSeq, reads] = await Promise.all([
        repository.listAfter(db, sessionId, query.after_seq, query.limit),
        repository.lastSeq(db, sessionId),
        repository.reads(db, sessionId),
      ]);
      let coach = 0;
      let client = 0;
      // Receipts are the two parties' (a guest's reads are not stored, see markRead).
      for (const read of reads) {
        if (read.userId === session.coach_id) coach = Math.max(coach, read.lastReadSeq);
        else client = Math.max(client, read.lastReadSeq);
      }
      return { messages: rows.map(toChatMessage), last_seq: lastSeq, reads: { coach, client } };
    },

    /**
     * POST /api/sessions/:id/typing: tells the other party the person is typing (an active session only).
     * Answers whether it was passed on (false: within CHAT_TYPING_SERVER_GAP_MS of the last one).
     */
    async typing(userId: string, sessionId: string): Promise<boolean> {
      const session = await findSession(userId, sessionId);
      const now = clock.now();
      if (!isOn(session.status, Date.parse(session.ends_at), now))
        throw new AppError('CONFLICT', CHAT_MESSAGES.sessionEnded);
      // "Is typing" names the other party; a guest's typing is not passed on.
      if (session.viewer === 'guest') return false;
      if (!typingGate.pass(`${userId}:${sessionId}`, now.getTime())) return false;
      const other = senderTypeOf(session, userId) === 'coach' ? session.client_id : session.coach_id;
      await realtime.publish({
        topic: userTopic(other),
        type: CHAT_EVENTS.typing,
        payload: { session_id: sessionId, user_id: userId, at: now.toISOString() },
      });
      return true;
    },

    /**
     * POST /api/sessions/:id/read: the reader has read up to `seq` (capped at the latest message). Only a
     * move forward is stored and announced, to the other party's topic.
     */
    async markRead(userId: string, sessionId: string, seq: number): Promise<void> {
      const session = await findSession(userId, sessionId);
      // Read receipts are between the coach and the client: a guest's reading is not recorded.
      if (session.viewer === 'guest') return;
      await realtime.transaction(async (tx, emit) => {
        const upTo = Math.min(seq, await repository.lastSeq(tx, sessionId));
        if (upTo <= 0) return;
        const moved = await repository.advanceRead(tx, { sessionId, userId, seq: upTo, now: clock.now() });
        if (!moved) return;
        const other = senderTypeOf(session, userId) === 'coach' ? session.client_id : session.coach_id;
        emit(
          await realtime.record(tx, {
            topic: userTopic(other),
            type: CHAT_EVENTS.messageRead,
            payload: { session_id: sessionId, user_id: userId, seq: upTo },
          }),
        );
      });
    },
  };
}
