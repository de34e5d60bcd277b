import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveSnapshot } from './live-snapshot';

/** A query on screen (it has an observer) whose fetches the test answers by hand, in any order. */
function controlledQuery() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const answers: ((value: string) => void)[] = [];
  const queryKey = ['thing'];
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => undefined); // mounts: the first fetch starts
  return { queryClient, queryKey, answers, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('applyLiveSnapshot', () => {
  it('keeps an event newer than the fetch on its way: that fetch is dropped and a new one made', async () => {
    const { queryClient, queryKey, answers, unsubscribe } = controlledQuery();
    await settle(); // the first fetch reads the database before the event's change committed
    expect(answers).toHaveLength(1);

    applyLiveSnapshot(queryClient, queryKey, 'from the event');
    expect(queryClient.getQueryData(queryKey)).toBe('from the event');
    await settle();
    expect(answers).toHaveLength(2); // fetched again, after the event

    answers[0]?.('older state'); // the first answer lands late: it must not win
    await settle();
    expect(queryClient.getQueryData(queryKey)).toBe('from the event');

    answers[1]?.('state after the event');
    await settle();
    expect(queryClient.getQueryData(queryKey)).toBe('state after the event');
    unsubscribe();
  });

  it('with no fetch on its way it only stores the state (nothing is fetched)', async () => {
    const { queryClient, queryKey, answers, unsubscribe } = controlledQuery();
    await settle();
    answers[0]?.('loaded');
    await settle();
    expect(queryClient.getQueryData(queryKey)).toBe('loaded');

    applyLiveSnapshot(queryClient, queryKey, 'from the event');
    await settle();
    expect(queryClient.getQueryData(queryKey)).toBe('from the event');
    expect(answers).toHaveLength(1);
    unsubscribe();
  });
});
