import { describe, expect, it, vi } from 'vitest';
import type { ChatSession } from '#contracts/sessions';
import { createManualClock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { createSenderParties, SENDER_PARTIES_TTL_MS } from './chat.parties';

const session = (id: string) =>
  ({ id, coach_id: 'coach', client_id: 'client', viewer: 'client', status: 'active' }) as ChatSession;

describe("a sender's parties of a session", () => {
  it('asks the sessions service once per sender and session for a minute, then again', async () => {
    const clock = createManualClock('2026-11-27T09:00:00Z');
    const findSession = vi.fn(async (_userId: string, id: string) => session(id));
    const partiesFor = createSenderParties(findSession, clock);
    expect(await partiesFor('client', 's1')).toEqual({
      id: 's1',
      coach_id: 'coach',
      client_id: 'client',
      viewer: 'client',
    });
    await partiesFor('client', 's1');
    await partiesFor('coach', 's1'); // another sender: asked for itself
    expect(findSession).toHaveBeenCalledTimes(2);
    clock.advance(SENDER_PARTIES_TTL_MS);
    await partiesFor('client', 's1');
    expect(findSession).toHaveBeenCalledTimes(3);
  });

  it('never remembers a refusal: someone who is not a party is asked (and refused) every time', async () => {
    const clock = createManualClock('2026-11-27T09:00:00Z');
    const findSession = vi.fn(async () => {
      throw new AppError('NOT_FOUND', 'This session could not be found.');
    });
    const partiesFor = createSenderParties(findSession, clock);
    await expect(partiesFor('stranger', 's1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(partiesFor('stranger', 's1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(findSession).toHaveBeenCalledTimes(2);
  });

  it('remembers at most `max` senders, forgetting the oldest first', async () => {
    const clock = createManualClock('2026-11-27T09:00:00Z');
    const findSession = vi.fn(async (_userId: string, id: string) => session(id));
    const partiesFor = createSenderParties(findSession, clock, { max: 2 });
    for (const id of ['s1', 's2', 's3']) await partiesFor('client', id);
    await partiesFor('client', 's3');
    await partiesFor('client', 's2');
    expect(findSession).toHaveBeenCalledTimes(3);
    await partiesFor('client', 's1');
    expect(findSession).toHaveBeenCalledTimes(4);
  });
});
