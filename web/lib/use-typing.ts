import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { CHAT_TYPING_SEND_EVERY_MS, CHAT_TYPING_SHOW_MS } from '#contracts/chat';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';

/**
 * A typing event older than this (by this browser's clock) is a replay after a reconnect, not someone
 * typing now; generous, so a clock a little off still shows live ones.
 */
const TYPING_STALE_MS = 60_000;

/** A typing event's payload: who, when, and the conversation or session it is in (`scope`). */
const typingPayloadSchema = z.looseObject({ user_id: z.string(), at: z.string() });

/**
 * Whether the other party is typing (the session chat's `chat.typing`, a conversation's
 * `conversation.typing`): true for CHAT_TYPING_SHOW_MS after their last event for `scopeId` (the
 * payload's `scope` field), or until a message from them arrives (`lastFromOther` changes).
 */
export function useOtherTyping(
  event: { type: string; scope: 'session_id' | 'conversation_id' },
  scopeId: string,
  viewerId: string,
  lastFromOther: string | undefined,
) {
  /** When the last event came, and their latest message then: a newer message ends it. */
  const [typing, setTyping] = useState<{ at: number; lastFromOther: string | undefined } | null>(null);
  const lastFromOtherRef = useRef(lastFromOther);
  useEffect(() => {
    lastFromOtherRef.current = lastFromOther;
  }, [lastFromOther]);

  const { type, scope } = event;
  useEffect(
    () =>
      onUserEventOf(type, typingPayloadSchema, (payload) => {
        if (payload[scope] !== scopeId || payload.user_id === viewerId) return;
        if (Date.parse(payload.at) < Date.now() - TYPING_STALE_MS) return;
        setTyping({ at: Date.now(), lastFromOther: lastFromOtherRef.current });
      }),
    [type, scope, scopeId, viewerId],
  );

  useEffect(() => {
    if (typing === null) return;
    const timer = setTimeout(() => setTyping(null), CHAT_TYPING_SHOW_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  return typing !== null && typing.lastFromOther === lastFromOther;
}

/**
 * Tells the other party "typing" while the person types: `post` at most once per
 * CHAT_TYPING_SEND_EVERY_MS (a failed post is only a missed hint). `sent()` after a message so the
 * next keystroke tells again.
 */
export function useTypingNotifier(post: () => Promise<unknown>) {
  const lastAt = useRef(-Infinity);
  const postRef = useRef(post);
  useEffect(() => {
    postRef.current = post;
  }, [post]);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastAt.current < CHAT_TYPING_SEND_EVERY_MS) return;
    lastAt.current = now;
    postRef.current().catch(() => undefined);
  }, []);
  const sent = useCallback(() => {
    lastAt.current = -Infinity;
  }, []);
  return { typed, sent };
}
