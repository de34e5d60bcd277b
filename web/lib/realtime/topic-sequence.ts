import type { RealtimeEvent, SubscribeAck } from '#contracts/realtime';

/**
 * One topic's ordering (docs/decisions/003-realtime.md): events are applied strictly by seq, once. A seq
 * already applied is dropped; a gap is buffered for the gap wait and, if it does not fill, what came is
 * applied in order and the subscribers resync. The realtime client owns the socket; this owns the seq.
 */

export type RealtimeHandlers = {
  onEvent: (event: RealtimeEvent) => void;
  /** Events may have been missed: refetch the snapshot (e.g. invalidate the topic's queries). */
  onResync?: () => void;
  /** The server refused the subscription (e.g. FORBIDDEN). */
  onError?: (error: { code: string; message: string }) => void;
};

export type TopicState = {
  handlers: Set<RealtimeHandlers>;
  /** The last seq applied; null until the first subscribe ack gives the starting point. */
  lastSeq: number | null;
  /** A subscribe is on the wire (events arriving meanwhile are buffered). */
  pending: boolean;
  /** Counts subscribe requests, so an ack from an older connection is ignored. */
  attempt: number;
  buffer: Map<number, RealtimeEvent>;
  gapTimer: ReturnType<typeof setTimeout> | undefined;
};

export function newTopicState(): TopicState {
  return {
    handlers: new Set(),
    lastSeq: null,
    pending: false,
    attempt: 0,
    buffer: new Map(),
    gapTimer: undefined,
  };
}

export function safely(run: () => void) {
  try {
    run();
  } catch (error) {
    // One subscriber's bug must not stop the others (or the ordering of later events).
    console.error('A realtime subscriber failed', error);
  }
}

function apply(state: TopicState, event: RealtimeEvent) {
  state.lastSeq = event.seq;
  for (const handlers of [...state.handlers]) safely(() => handlers.onEvent(event));
}

function resync(state: TopicState) {
  for (const handlers of [...state.handlers]) if (handlers.onResync) safely(handlers.onResync);
}

export function clearGap(state: TopicState) {
  if (state.gapTimer) clearTimeout(state.gapTimer);
  state.gapTimer = undefined;
}

/** Applies buffered events that continue the sequence; a remaining gap waits, then resyncs. */
function drain(state: TopicState, gapWaitMs: number) {
  if (state.lastSeq === null) return;
  for (const seq of [...state.buffer.keys()]) if (seq <= state.lastSeq) state.buffer.delete(seq);
  for (let next = state.buffer.get(state.lastSeq + 1); next; next = state.buffer.get(state.lastSeq + 1)) {
    state.buffer.delete(next.seq);
    apply(state, next);
  }
  if (state.buffer.size === 0) {
    clearGap(state);
    return;
  }
  state.gapTimer ??= setTimeout(() => {
    state.gapTimer = undefined;
    // The missing events did not come: apply what we have in order and let the subscribers refetch.
    for (const event of [...state.buffer.values()].sort((a, b) => a.seq - b.seq)) {
      if (state.lastSeq === null || event.seq > state.lastSeq) apply(state, event);
    }
    state.buffer.clear();
    resync(state);
  }, gapWaitMs);
}

/** A live event for this topic: dropped when already applied, else buffered and drained in order. */
export function receiveEvent(state: TopicState, event: RealtimeEvent, gapWaitMs: number) {
  if (state.lastSeq !== null && event.seq <= state.lastSeq) return;
  state.buffer.set(event.seq, event);
  if (!state.pending) drain(state, gapWaitMs);
}

/**
 * The answer to this topic's current subscribe (undefined when it was not understood): the starting
 * seq, or the missed events, or a refusal.
 */
export function receiveAck(state: TopicState, answer: SubscribeAck | undefined, gapWaitMs: number) {
  state.pending = false;
  if (!answer || !answer.ok) {
    const error = answer?.error;
    state.buffer.clear();
    for (const handlers of [...state.handlers])
      if (handlers.onError)
        safely(() =>
          handlers.onError?.(
            error ?? { code: 'INTERNAL_ERROR', message: 'The server answer was not understood.' },
          ),
        );
    return;
  }
  const ack = answer;
  if (state.lastSeq === null) {
    // First subscription: events after ack.seq are new. The subscribers fetched their snapshot when
    // they mounted, before this ack: an event recorded in between is in neither (e.g. a request
    // accepted while the tab was loading), so when the topic has any event they refetch it once.
    state.lastSeq = ack.seq;
    if (ack.seq > 0) resync(state);
  } else if (!ack.complete) {
    state.lastSeq = Math.max(state.lastSeq, ack.seq);
    resync(state);
  } else {
    // Reconnected: apply what was missed, oldest first; a hole or a short replay means a resync.
    let holes = false;
    for (const event of [...ack.missed].sort((a, b) => a.seq - b.seq)) {
      if (event.seq <= state.lastSeq) continue;
      if (event.seq !== state.lastSeq + 1) holes = true;
      apply(state, event);
    }
    if (holes || state.lastSeq < ack.seq) {
      state.lastSeq = Math.max(state.lastSeq, ack.seq);
      resync(state);
    }
  }
  drain(state, gapWaitMs);
}
