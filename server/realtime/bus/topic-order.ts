import type { RealtimeEvent } from '#contracts/realtime';

/** How long an event waits for a missing lower seq of its topic before it is passed on anyway. */
export const TOPIC_ORDER_HOLD_MS = 150;
/** Topics whose last seq is remembered (the least recently seen are forgotten first). */
const MAX_TOPICS = 50_000;
/** Events one topic may hold back at once (more: the gap is given up at once). */
const MAX_HELD_PER_TOPIC = 256;

type TopicState = { last: number; held: Map<number, RealtimeEvent>; timer?: NodeJS.Timeout };

/**
 * Hands the bus's events to `emit` in seq order per topic (performance goal G5: no reordering).
 *
 * Events of one topic can reach an instance out of order when they were published through different
 * connections (two instances, or two requests of one instance whose deliveries raced). Seqs have no
 * gaps: a topic's number is taken under its realtime_topics row lock in the recording transaction, and
 * a rolled-back transaction rolls the number back with it. So an event above `last + 1` means the
 * missing ones are committed and on their way: it is held until they arrive, at most `holdMs` — an
 * event can still be lost for good (its process stopped between commit and publish, or the bus dropped
 * it), and then the held ones go on without it (the tab replays the gap when it resubscribes). An event
 * at or below the last one passed on (late, after such a wait) is passed on at once: the tab applies
 * by seq. The first event seen of a topic is passed on at once (nothing is known of its past), unless
 * `seen` told its last committed seq (a tab subscribed to it): then a later event waits for the ones
 * between like any other.
 */
export function createTopicOrder(
  emit: (event: RealtimeEvent) => void,
  options: { holdMs?: number; maxTopics?: number } = {},
) {
  const holdMs = options.holdMs ?? TOPIC_ORDER_HOLD_MS;
  const maxTopics = options.maxTopics ?? MAX_TOPICS;
  const topics = new Map<string, TopicState>();

  /** Passes on what is held from `last + 1` on without a gap. */
  function drain(state: TopicState) {
    for (let next = state.held.get(state.last + 1); next; next = state.held.get(state.last + 1)) {
      state.held.delete(next.seq);
      state.last = next.seq;
      emit(next);
    }
    if (state.held.size === 0 && state.timer) {
      clearTimeout(state.timer);
      state.timer = undefined;
    }
  }

  /** Gives up waiting: passes on everything held, in seq order. */
  function release(state: TopicState) {
    if (state.timer) clearTimeout(state.timer);
    state.timer = undefined;
    const held = [...state.held.values()].sort((a, b) => a.seq - b.seq);
    state.held.clear();
    for (const event of held) {
      state.last = Math.max(state.last, event.seq);
      emit(event);
    }
  }

  function remember(topic: string, state: TopicState) {
    topics.set(topic, state);
    if (topics.size <= maxTopics) return;
    const oldest = topics.keys().next().value;
    if (oldest === undefined) return;
    const evicted = topics.get(oldest);
    topics.delete(oldest);
    if (evicted) release(evicted);
  }

  return {
    accept(event: RealtimeEvent): void {
      const state = topics.get(event.topic);
      if (!state) {
        remember(event.topic, { last: event.seq, held: new Map() });
        emit(event);
        return;
      }
      // Most recently seen last: the least recently seen topic is the first forgotten.
      topics.delete(event.topic);
      topics.set(event.topic, state);
      if (event.seq <= state.last) {
        emit(event);
        return;
      }
      if (event.seq === state.last + 1) {
        state.last = event.seq;
        emit(event);
        drain(state);
        return;
      }
      state.held.set(event.seq, event);
      if (state.held.size > MAX_HELD_PER_TOPIC) {
        release(state);
        return;
      }
      if (!state.timer) {
        state.timer = setTimeout(() => release(state), holdMs);
        state.timer.unref();
      }
    },

    /**
     * The topic's last committed seq as a subscribe just read it: a topic not seen yet starts from it
     * (events above it wait for the ones between); a topic already seen keeps its own count.
     */
    seen(topic: string, seq: number): void {
      if (!topics.has(topic)) remember(topic, { last: seq, held: new Map() });
    },

    /** Passes on everything held and forgets every topic (after the bus reconnected: events were lost). */
    reset(): void {
      const states = [...topics.values()];
      topics.clear();
      for (const state of states) release(state);
    },

    /** Events held back right now (for tests). */
    heldCount(): number {
      let count = 0;
      for (const state of topics.values()) count += state.held.size;
      return count;
    },
  };
}

export type TopicOrder = ReturnType<typeof createTopicOrder>;
