import { describe, expect, it } from 'vitest';
import { createGroupCommit, type Settled } from './group-commit';

/** A promise the test resolves by hand (a transaction that is still running). */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

type Item = { id: string; fail?: boolean };

function setUp(options: { maxBatch?: number; maxInFlight?: number; manyThrows?: boolean } = {}) {
  const calls: string[][] = [];
  const gates: ReturnType<typeof gate>[] = [];
  const failures: number[] = [];
  const wait = async () => {
    const next = gate();
    gates.push(next);
    await next.opened;
  };
  const commit = createGroupCommit<Item, string>({
    one: async (item) => {
      calls.push([item.id]);
      await wait();
      if (item.fail) throw new Error(`no ${item.id}`);
      return `one:${item.id}`;
    },
    many: async (items) => {
      calls.push(items.map((item) => item.id));
      await wait();
      if (options.manyThrows) throw new Error('batch failed');
      return items.map((item): Settled<string> =>
        item.fail ? { ok: false, error: new Error(`no ${item.id}`) } : { ok: true, value: `many:${item.id}` },
      );
    },
    keyOf: (item) => item.id,
    onBatchFailed: (_error, size) => failures.push(size),
    ...(options.maxBatch === undefined ? {} : { maxBatch: options.maxBatch }),
    ...(options.maxInFlight === undefined ? {} : { maxInFlight: options.maxInFlight }),
  });
  /** Lets every running transaction finish, until nothing is left. */
  const drain = async () => {
    for (let rounds = 0; rounds < 100; rounds += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      const open = gates.splice(0);
      if (open.length === 0) return;
      for (const g of open) g.open();
    }
  };
  return { commit, calls, failures, drain };
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: (error as Error).message }),
  );

describe('createGroupCommit', () => {
  it('starts an item at once, alone, while fewer than maxInFlight transactions run', async () => {
    const { commit, calls, drain } = setUp({ maxInFlight: 2 });
    const a = settle(commit.submit({ id: 'a' }));
    const b = settle(commit.submit({ id: 'b' }));
    expect(calls).toEqual([['a'], ['b']]);
    await drain();
    expect(await a).toEqual({ value: 'one:a' });
    expect(await b).toEqual({ value: 'one:b' });
  });

  it('gathers what arrives while transactions run into the next one, up to maxBatch, in order', async () => {
    const { commit, calls, drain } = setUp({ maxInFlight: 1, maxBatch: 3 });
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => settle(commit.submit({ id })));
    expect(calls).toEqual([['a']]);
    await drain();
    expect(calls).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    expect(await Promise.all(results)).toEqual([
      { value: 'one:a' },
      { value: 'many:b' },
      { value: 'many:c' },
      { value: 'many:d' },
      { value: 'many:e' },
      { value: 'many:f' },
    ]);
  });

  it('gives each item its own outcome, and never puts two items with one key in one batch', async () => {
    const { commit, calls, drain } = setUp({ maxInFlight: 1 });
    const first = settle(commit.submit({ id: 'a' }));
    const rest = [
      settle(commit.submit({ id: 'x' })),
      settle(commit.submit({ id: 'y', fail: true })),
      settle(commit.submit({ id: 'x' })),
      settle(commit.submit({ id: 'z' })),
    ];
    await drain();
    expect(calls).toEqual([['a'], ['x', 'y', 'z'], ['x']]);
    expect(await first).toEqual({ value: 'one:a' });
    expect(await Promise.all(rest)).toEqual([
      { value: 'many:x' },
      { error: 'no y' },
      { value: 'one:x' },
      { value: 'many:z' },
    ]);
  });

  it('sends the items of a failed batch one by one', async () => {
    const { commit, calls, failures, drain } = setUp({ maxInFlight: 1, manyThrows: true });
    const first = settle(commit.submit({ id: 'a' }));
    const rest = [settle(commit.submit({ id: 'b' })), settle(commit.submit({ id: 'c', fail: true }))];
    await drain();
    expect(calls).toEqual([['a'], ['b', 'c'], ['b'], ['c']]);
    expect(failures).toEqual([2]);
    expect(await first).toEqual({ value: 'one:a' });
    expect(await Promise.all(rest)).toEqual([{ value: 'one:b' }, { error: 'no c' }]);
  });
});
