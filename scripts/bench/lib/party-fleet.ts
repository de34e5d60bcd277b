import { createArrivalBoard, createSocketFleet, type Person } from './socket-fleet';

/**
 * The sockets of the benches where two parties write to each other (chat.ts: a live session's chat;
 * messages.ts: a conversation between sessions): one per party of every room, and what they saw.
 */

/** A room (a live session, a conversation) and its two parties. */
export type Seat = { id: string; coach: Person; client: Person };

/**
 * How a new message reaches a party: the realtime event's type, and the field of its
 * `payload.message` that names the room (`session_id` for chat, `conversation_id` for messages).
 */
export type MessageEventShape = { type: string; roomKey: string };

/**
 * The parties' sockets: when each message reached the other party, and every way a delivery can go
 * wrong (another user's socket, another room, a message a socket already had, a seq below one it
 * already had).
 */
export function createPartyFleet(
  url: string | ((person: Person) => string),
  seats: readonly Seat[],
  roundTripTimeoutMs: number,
  shape: MessageEventShape,
) {
  const board = createArrivalBoard();
  const roomOf = new Map<string, string>();
  for (const seat of seats) {
    roomOf.set(seat.coach.id, seat.id);
    roomOf.set(seat.client.id, seat.id);
  }
  /** The highest seq each socket has received (one room per person). */
  const lastSeq = new Map<string, number>();
  /** Every message id each socket has received (a second copy is a doubled delivery). */
  const seen = new Map<string, Set<string>>();
  let misdirected = 0;
  let doubled = 0;
  let outOfOrder = 0;
  let delivered = 0;
  let ownCopies = 0;

  const sockets = createSocketFleet(url, (person, event, at) => {
    if (event.type !== shape.type) return;
    const message = event.payload.message as Record<string, unknown> | undefined;
    const id = message?.id;
    const seq = message?.seq;
    if (
      typeof id !== 'string' ||
      typeof seq !== 'number' ||
      event.topic !== `user:${person.id}` ||
      message?.[shape.roomKey] !== roomOf.get(person.id)
    ) {
      misdirected += 1;
      return;
    }
    let mine = seen.get(person.id);
    if (!mine) seen.set(person.id, (mine = new Set()));
    if (mine.has(id)) {
      doubled += 1;
      return;
    }
    mine.add(id);
    if (seq <= (lastSeq.get(person.id) ?? 0)) outOfOrder += 1;
    else lastSeq.set(person.id, seq);
    // The sender's own tab gets its message too (the web app's other tabs); counted, not timed.
    if (message?.sender_user_id === person.id) {
      ownCopies += 1;
      return;
    }
    delivered += 1;
    board.arrived(id, at);
  });

  return {
    connectAll: sockets.connectAll,
    /** When message `id` reached the other party (performance.now()), or null after `timeoutMs`. */
    waitForDelivery: (id: string, timeoutMs: number) => board.waitFor(id, timeoutMs),
    roundTrip: (personId: string) => sockets.roundTrip(personId, roundTripTimeoutMs),
    connected: sockets.connected,
    stats: () => ({
      misdirected,
      doubled,
      outOfOrder,
      delivered,
      ownCopies,
      unclaimed: board.unclaimed(),
    }),
    close: sockets.close,
  };
}
