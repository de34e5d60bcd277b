import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '#contracts/realtime';
import type { DbExecutor } from '#server/db/client';
import { createSessionCompletionHooks } from './sessions.hooks';

const tx = {} as DbExecutor;
const session = { id: 's1', coachId: 'c1', clientId: 'k1' };
const now = new Date('2026-01-01T10:00:00Z');
const event = (id: string) => ({ id }) as unknown as RealtimeEvent;

describe('session completion hooks', () => {
  it('settles nothing and runs nothing without subscribers', async () => {
    const hooks = createSessionCompletionHooks();
    await expect(hooks.settle(tx, session, now)).resolves.toEqual({ amount: 0, coachAmount: 0, events: [] });
    await expect(hooks.completed(tx, session)).resolves.toBeUndefined();
  });

  it('adds up what the settling handlers captured, keeping their events in registration order', async () => {
    const hooks = createSessionCompletionHooks();
    const seen: string[] = [];
    hooks.onSessionSettling(async (executor, completing, at) => {
      seen.push(`a:${completing.id}:${at.toISOString()}:${executor === tx}`);
      return { amount: 500, coachAmount: 475, events: [event('e1')] };
    });
    hooks.onSessionSettling(async () => {
      seen.push('b');
      return { amount: 200, coachAmount: 190, events: [event('e2'), event('e3')] };
    });
    const settled = await hooks.settle(tx, session, now);
    expect(settled).toEqual({
      amount: 700,
      coachAmount: 665,
      events: [event('e1'), event('e2'), event('e3')],
    });
    expect(seen).toEqual(['a:s1:2026-01-01T10:00:00.000Z:true', 'b']);
  });

  it('runs the completed handlers once each, in registration order, and lets a failure through', async () => {
    const hooks = createSessionCompletionHooks();
    const seen: string[] = [];
    hooks.onSessionCompleted(async (_executor, completing) => {
      seen.push(`first:${completing.coachId}:${completing.clientId}`);
    });
    hooks.onSessionCompleted(async () => {
      seen.push('second');
    });
    await hooks.completed(tx, session);
    expect(seen).toEqual(['first:c1:k1', 'second']);

    const failing = createSessionCompletionHooks();
    failing.onSessionCompleted(async () => {
      throw new Error('stats could not be refreshed');
    });
    // The completing transaction rolls back with it.
    await expect(failing.completed(tx, session)).rejects.toThrow('stats could not be refreshed');
  });
});
