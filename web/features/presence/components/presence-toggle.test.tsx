import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Presence } from '#contracts/presence';
import type { OwnProfile } from '#contracts/profiles';
import { ToastProvider } from '#web/components/toast';
import { ownProfileQueryKey } from '#web/lib/own-profile';
import { createQueryClient } from '#web/lib/query-client';
import { apiError, stubApi, type StubHandler, type StubResponse } from '#web/test/api';
import { presenceQueryKey } from '../api/presence';
import { PresenceToggle } from './presence-toggle';

const COACH = '00000000-0000-4000-8000-0000000000c1';
const offline: Presence = { is_online: false, last_online_confirm_at: null, is_busy: false };

function renderToggle(put: StubHandler | StubResponse, get: StubHandler | StubResponse = { body: offline }) {
  const api = stubApi({ 'GET /api/me/presence': get, 'PUT /api/me/presence': put });
  const queryClient: QueryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <PresenceToggle userId={COACH} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { api, queryClient };
}

/** A PUT answered when the test says so. */
function deferred() {
  let answer: (response: StubResponse) => void = () => undefined;
  const handler: StubHandler = () =>
    new Promise<StubResponse>((resolve) => {
      answer = resolve;
    });
  return { handler, answer: (response: StubResponse) => answer(response) };
}

const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));
const toggle = () => screen.getByRole('switch');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PresenceToggle (the header switch)', () => {
  it('flips at once, before the server answers, and keeps the answer', async () => {
    const put = deferred();
    const { api, queryClient } = renderToggle(put.handler);
    await flush();
    expect(toggle()).not.toBeChecked();
    expect(toggle()).toHaveAccessibleName('Offline');
    queryClient.setQueryData<Partial<OwnProfile>>(ownProfileQueryKey(COACH), {
      is_online: false,
      last_online_confirm_at: null,
    });

    fireEvent.click(toggle());
    await flush();
    // Optimistic: on while the request is still on its way.
    expect(toggle()).toBeChecked();
    expect(toggle()).toHaveAccessibleName('Online');
    expect(api.callsTo('PUT', '/api/me/presence').map((call) => call.body)).toEqual([{ is_online: true }]);
    // Going online confirms on the server too: the cache says so at once, so the presence check (which
    // records a first confirmation for a coach online without one) sends none of its own.
    expect(
      queryClient.getQueryData<Presence>(presenceQueryKey(COACH))?.last_online_confirm_at,
    ).not.toBeNull();

    const confirmedAt = new Date().toISOString();
    put.answer({ body: { is_online: true, last_online_confirm_at: confirmedAt, is_busy: false } });
    await flush();
    expect(toggle()).toBeChecked();
    expect(screen.queryByText('Failed to update online status')).toBeNull();
    // The own-profile cache follows (the coach home reads is_online there).
    expect(queryClient.getQueryData(ownProfileQueryKey(COACH))).toEqual({
      is_online: true,
      last_online_confirm_at: confirmedAt,
    });
  });

  it("rolls back with the toast 'Failed to update online status' when the server refuses", async () => {
    const put = deferred();
    renderToggle(put.handler);
    await flush();
    fireEvent.click(toggle());
    await flush();
    expect(toggle()).toBeChecked();
    put.answer(apiError(500, 'INTERNAL_ERROR'));
    await flush();
    expect(toggle()).not.toBeChecked();
    expect(toggle()).toHaveAccessibleName('Offline');
    expect(screen.getByText('Failed to update online status')).toBeInTheDocument();
  });

  it('rolls back going offline too', async () => {
    const put = deferred();
    renderToggle(put.handler, {
      body: { is_online: true, last_online_confirm_at: new Date().toISOString(), is_busy: false },
    });
    await flush();
    expect(toggle()).toBeChecked();
    fireEvent.click(toggle());
    await flush();
    expect(toggle()).not.toBeChecked();
    put.answer(apiError(503, 'SERVICE_UNAVAILABLE'));
    await flush();
    expect(toggle()).toBeChecked();
    expect(screen.getByText('Failed to update online status')).toBeInTheDocument();
  });

  it('shows nothing for a coach who may not go online (403)', async () => {
    renderToggle({ body: offline }, apiError(403, 'FORBIDDEN'));
    await flush();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
