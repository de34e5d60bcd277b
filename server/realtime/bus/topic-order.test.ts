import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '#contracts/realtime';
import { createTopicOrder } from './topic-order';

const A = 'user:00000000-0000-4000-8000-00000000000a';
const B = 'user:00000000-0000-4000-8000-00000000000b';

const event = (topic: string, seq: number): RealtimeEvent => ({
  topic,
  seq,
  type: 'test',
  payload: { seq },
  created_at: '2026-11-21T09:00:00.000Z',
});

function setUp(holdMs = 100) {
  const emitted: string[] = [];
  const order = createTopicOrder((e) => emitted.push(`${e.topic === A ? 'A' : 'B'}${e.seq}`), { holdMs });
  const accept = (topic: string, ...seqs: number[]) => {
    for (const seq of seqs) order.accept(event(topic, seq));
  };
  return { emitted, order, accept };
}

describe('createTopicOrder', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('orders a topic from the seq a subscribe read, before any of its events was seen', () => {
    const { emitted, order, accept } = setUp();
    order.seen(A, 0);
    accept(A, 2); // the statements of 1 and 2 committed in that order, their answers came back reversed
    expect(emitted).toEqual([]);
    accept(A, 1);
    expect(emitted).toEqual(['A1', 'A2']);
    // A topic already seen keeps its own count (a subscribe's read may be older than what passed).
    order.seen(A, 0);
    accept(A, 4, 3);
    expect(emitted).toEqual(['A1', 'A2', 'A3', 'A4']);
  });

  it('passes events in order straight through, the first of a topic whatever its seq', () => {
    const { emitted, order, accept } = setUp();
    accept(A, 7, 8, 9);
    accept(B, 1, 2);
    expect(emitted).toEqual(['A7', 'A8', 'A9', 'B1', 'B2']);
    expect(order.heldCount()).toBe(0);
  });

  it('holds an event that overtook a lower seq of its topic until that one arrives, other topics unaffected', () => {
    const { emitted, order, accept } = setUp();
    accept(A, 1);
    accept(A, 3, 4);
    accept(B, 5);
    expect(emitted).toEqual(['A1', 'B5']);
    expect(order.heldCount()).toBe(2);
    accept(A, 2);
    expect(emitted).toEqual(['A1', 'B5', 'A2', 'A3', 'A4']);
    expect(order.heldCount()).toBe(0);
    // Nothing is emitted twice when the (cleared) hold time passes.
    vi.advanceTimersByTime(1_000);
    expect(emitted).toHaveLength(5);
  });

  it('gives up on a seq that never comes after the hold time, and passes it on late if it does come', () => {
    const { emitted, accept } = setUp(100);
    accept(A, 1, 3, 5);
    vi.advanceTimersByTime(99);
    expect(emitted).toEqual(['A1']);
    vi.advanceTimersByTime(1);
    expect(emitted).toEqual(['A1', 'A3', 'A5']);
    // After the gap was given up, the next events flow at once, and a straggler is not swallowed.
    accept(A, 6);
    accept(A, 2);
    expect(emitted).toEqual(['A1', 'A3', 'A5', 'A6', 'A2']);
  });

  it('reset passes on everything held and forgets what it knew', () => {
    const { emitted, order, accept } = setUp();
    accept(A, 1, 3);
    accept(B, 1, 4, 3);
    order.reset();
    expect(emitted).toEqual(['A1', 'B1', 'A3', 'B3', 'B4']);
    // Forgotten: a topic's next event is the first one seen again.
    accept(A, 10);
    expect(emitted.at(-1)).toBe('A10');
  });

  it('forgets the least recently seen topic beyond its limit, passing on what that one held', () => {
    const emitted: number[] = [];
    const order = createTopicOrder((e) => emitted.push(e.seq), { holdMs: 100, maxTopics: 2 });
    order.accept(event(A, 1));
    order.accept(event(A, 3));
    order.accept(event(B, 1));
    order.accept(event('user:00000000-0000-4000-8000-00000000000c', 1));
    expect(emitted).toEqual([1, 1, 3, 1]);
    expect(order.heldCount()).toBe(0);
  });
});
