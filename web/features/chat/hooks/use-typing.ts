import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_EVENTS,
  CHAT_TYPING_SEND_EVERY_MS,
  CHAT_TYPING_SHOW_MS,
  chatTypingEventPayloadSchema,
} from '#contracts/chat';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { postTyping } from '../api/chat';

/**
 * A typing event older than this (by this browser's clock) is a replay after a reconnect, not someone
 * typing now; generous, so a clock a little off still shows live ones.
 */
const TYPING_STALE_MS = 60_000;

/**
 * Whether the other party is typing: true for CHAT_TYPING_SHOW_MS after their last `chat.typing` event
 * for this session, or until a message from them arrives (`lastFromOther` changes).
 */
export function useOtherTyping(sessionId: string, viewerId: string, lastFromOther: string | undefined) {
  /** When the last event came, and their latest message then: a newer message ends it. */
  const [typing, setTyping] = useState<{ at: number; lastFromOther: string | undefined } | null>(null);
  const lastFromOtherRef = useRef(lastFromOther);
  useEffect(() => {
    lastFromOtherRef.current = lastFromOther;
  }, [lastFromOther]);

  useEffect(
    () =>
      onUserEventOf(CHAT_EVENTS.typing, chatTypingEventPayloadSchema, ({ session_id, user_id, at }) => {
        if (session_id !== sessionId || user_id === viewerId) return;
        if (Date.parse(at) < Date.now() - TYPING_STALE_MS) return;
        setTyping({ at: Date.now(), lastFromOther: lastFromOtherRef.current });
      }),
    [sessionId, viewerId],
  );

  useEffect(() => {
    if (typing === null) return;
    const timer = setTimeout(() => setTyping(null), CHAT_TYPING_SHOW_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  return typing !== null && typing.lastFromOther === lastFromOther;
}

/**
 * Tells the other party "typing" while the person types: at most once per CHAT_TYPING_SEND_EVERY_MS
 * (a failed post is only a missed hint). `sent()` after a message so the next keystroke tells again.
 */
export function useTypingNotifier(sessionId: string) {
  const lastAt = useRef(-Infinity);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastAt.current < CHAT_TYPING_SEND_EVERY_MS) return;
    lastAt.current = now;
    postTyping(sessionId).catch(() => undefined);
  }, [sessionId]);
  const sent = useCallback(() => {
    lastAt.current = -Infinity;
  }, []);
  return { typed, sent };
}
