/** One item's outcome in a batch: its value, or the error that item alone gets. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Group commit for hot-path writes (ARCHITECTURE.md, performance.md §3.3): items submitted while the
 * database is busy with earlier ones share the next transaction. No item waits for a timer: when fewer
 * than `maxInFlight` transactions run, a submitted item starts at once (alone, through `one`); under
 * load the queue fills while the transactions run, and the next one takes up to `maxBatch` of it
 * (through `many`). Items with the same `keyOf` never share a batch (the later one waits for the next).
 * If `many` throws, its items are retried one by one through `one`, so a batch never fails an item
 * that would have succeeded alone.
 */
export function createGroupCommit<I, O>(options: {
  one: (item: I) => Promise<O>;
  many: (items: readonly I[]) => Promise<Settled<O>[]>;
  keyOf: (item: I) => string;
  maxBatch?: number;
  maxInFlight?: number;
  onBatchFailed?: (error: unknown, size: number) => void;
}) {
  const maxBatch = options.maxBatch ?? 64;
  const maxInFlight = options.maxInFlight ?? 2;
  type Pending = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Pending[] = [];
  let inFlight = 0;

  async function runAlone(pending: Pending) {
    try {
      pending.resolve(await options.one(pending.item));
    } catch (error) {
      pending.reject(error);
    }
  }

  async function run(batch: Pending[]) {
    if (batch.length === 1) {
      await runAlone(batch[0]!);
      return;
    }
    let outcomes: Settled<O>[];
    try {
      outcomes = await options.many(batch.map((pending) => pending.item));
      if (outcomes.length !== batch.length) throw new Error('group commit: an outcome per item expected');
    } catch (error) {
      options.onBatchFailed?.(error, batch.length);
      for (const pending of batch) await runAlone(pending);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }

  function take(): Pending[] {
    const batch: Pending[] = [];
    const keys = new Set<string>();
    const rest: Pending[] = [];
    for (const pending of queue) {
      const key = options.keyOf(pending.item);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(pending);
      } else rest.push(pending);
    }
    queue = rest;
    return batch;
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
