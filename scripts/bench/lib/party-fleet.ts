import { CHAT_EVENTS } from '#contracts/chat';
import { createArrivalBoard, createSocketFleet, type Person } from './socket-fleet';

/**
 * The chat scenario's sockets (chat.ts): one per party of every live session, and what they saw.
 */

export type Seat = { id: string; coach: Person; client: Person };

/**
 * The parties' sockets: when each message reached the other party, and every way a delivery can go
 * wrong (another user's socket, another session, a seq at or below one the socket already had).
 */
export function createPartyFleet(
  url: string | ((person: Person) => string),
  seats: readonly Seat[],
  roundTripTimeoutMs: number,
) {
  const board = createArrivalBoard();
  const sessionOf = new Map<string, string>();
  for (const seat of seats) {
    sessionOf.set(seat.coach.id, seat.id);
    sessionOf.set(seat.client.id, seat.id);
  }
  /** The highest seq each socket has received (one session per person). */
  const lastSeq = new Map<string, number>();
  let misdirected = 0;
  let outOfOrder = 0;
  let delivered = 0;
  let ownCopies = 0;

  const sockets = createSocketFleet(url, (person, event, at) => {
    if (event.type !== CHAT_EVENTS.messageCreated) return;
    const message = event.payload.message as
      { id?: string; session_id?: string; seq?: number; sender_user_id?: string } | undefined;
    if (
      !message?.id ||
      typeof message.seq !== 'number' ||
      event.topic !== `user:${person.id}` ||
      message.session_id !== sessionOf.get(person.id)
    ) {
      misdirected += 1;
      return;
    }
    if (message.seq <= (lastSeq.get(person.id) ?? 0)) outOfOrder += 1;
    else lastSeq.set(person.id, message.seq);
    // The sender's own tab gets its message too (the web app's other tabs); counted, not timed.
    if (message.sender_user_id === person.id) {
      ownCopies += 1;
      return;
    }
    delivered += 1;
    board.arrived(message.id, at);
  });

  return {
    connectAll: sockets.connectAll,
    /** When message `id` reached the other party (performance.now()), or null after `timeoutMs`. */
    waitForDelivery: (id: string, timeoutMs: number) => board.waitFor(id, timeoutMs),
    roundTrip: (personId: string) => sockets.roundTrip(personId, roundTripTimeoutMs),
    connected: sockets.connected,
    stats: () => ({ misdirected, outOfOrder, delivered, ownCopies, unclaimed: board.unclaimed() }),
    close: sockets.close,
  };
}
