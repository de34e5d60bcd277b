/**
 * SPEC §4 "Client side of requests": one toast per session, whichever event tells first — 'Request
 * Accepted!' (the request), 'Session Ready!' (the new chat session) or 'Session Started!' (the
 * session_created event) — and the waiting rooms open in this tab, which handle their own request.
 * Shared by the client-wide handlers and the waiting room, for the life of the tab.
 */
const MAX_REMEMBERED = 200;
const toasted = new Set<string>();

/** True the first time for a session id (show the toast), false ever after. */
export function claimSessionToast(sessionId: string): boolean {
  if (toasted.has(sessionId)) return false;
  toasted.add(sessionId);
  if (toasted.size > MAX_REMEMBERED) {
    const oldest = toasted.values().next().value;
    if (oldest !== undefined) toasted.delete(oldest);
  }
  return true;
}

const openRooms = new Map<string, number>();

/** The waiting room of `requestId` is on screen until the returned function runs. */
export function openWaitingRoom(requestId: string): () => void {
  openRooms.set(requestId, (openRooms.get(requestId) ?? 0) + 1);
  return () => {
    const count = (openRooms.get(requestId) ?? 1) - 1;
    if (count <= 0) openRooms.delete(requestId);
    else openRooms.set(requestId, count);
  };
}

export const isWaitingRoomOpen = (requestId: string) => openRooms.has(requestId);

/** Tests only: forget every toast and waiting room. */
export function resetSessionToasts() {
  toasted.clear();
  openRooms.clear();
}

/** SPEC §4: the toast shows, then the client goes to the session 1 s later. */
export const JOIN_DELAY_MS = 1_000;
