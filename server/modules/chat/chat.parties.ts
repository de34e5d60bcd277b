import type { Clock } from '#domain/clock';
import type { FindSessionForParty, SessionParties } from './chat.shared';

/** How long a sender's place in a session is remembered. */
export const SENDER_PARTIES_TTL_MS = 60_000;
/** Senders remembered at once (the oldest are forgotten first); an entry is a few hundred bytes. */
export const SENDER_PARTIES_MAX = 20_000;

/**
 * Who may write to a session, remembered per sender for a minute: a conversation's messages come
 * seconds apart, and each would otherwise read the session (with its coach's profile) only to learn who
 * its parties are, which never changes (SessionParties). Only a yes is remembered: someone refused is
 * asked again. Whether the session is still on is not taken from here: the insert reads it under the
 * session's row lock. The one answer that can change is a client's access by confirmed email (they
 * change their address): it holds up to a minute longer.
 */
export function createSenderParties(
  findSession: FindSessionForParty,
  clock: Clock,
  options: { ttlMs?: number; max?: number } = {},
) {
  const ttlMs = options.ttlMs ?? SENDER_PARTIES_TTL_MS;
  const max = options.max ?? SENDER_PARTIES_MAX;
  const known = new Map<string, { parties: SessionParties; at: number }>();

  return async function sessionPartiesFor(userId: string, sessionId: string): Promise<SessionParties> {
    const key = `${sessionId}:${userId}`;
    const now = clock.now().getTime();
    const entry = known.get(key);
    if (entry && now - entry.at < ttlMs) return entry.parties;
    known.delete(key);
    const session = await findSession(userId, sessionId); // 404 for anyone who is not a party
    const parties: SessionParties = {
      id: session.id,
      coach_id: session.coach_id,
      client_id: session.client_id,
      viewer: session.viewer,
    };
    if (known.size >= max) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
    known.set(key, { parties, at: now });
    return parties;
  };
}
