import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_EVENTS,
  SESSION_LIST_RELOAD_DEBOUNCE_MS,
  type ChatSession,
  type SessionList as SessionListBody,
} from '#contracts/sessions';
import { dispatchUserEvent, dispatchUserResync } from '#web/lib/realtime/user-events';
import { apiError, type StubHandler } from '#web/test/api';
import type { SessionListAs, SessionListStatus } from '../api/sessions';
import { SessionList } from './session-list';
import { chatSession as chatSessionFixture } from '#web/test/fixtures/sessions';
import { renderWithProviders } from '#web/test/render';

const COACH = '00000000-0000-4000-8000-0000000000c1';
const CLIENT = '00000000-0000-4000-8000-0000000000a1';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function chatSession(n: number, overrides: Partial<ChatSession> = {}): ChatSession {
  const start = new Date(Date.now() - n * 3_600_000);
  return chatSessionFixture({
    id: idOf(n),
    coach_id: COACH,
    client_id: CLIENT,
    request_id: null,
    client_name: `Client ${n}`,
    client_email: null,
    format: 'text',
    status: 'completed',
    created_at: start.toISOString(),
    start_time: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
    end_time: new Date(start.getTime() + 20 * 60_000).toISOString(),
    payment_amount: 6000,
    session_value: 6000,
    earnings: 5700,
    completed_by: 'coach',
    client_present: true,
    client_purpose: `Purpose ${n}`,
    original_price: 6000,
    ...overrides,
  });
}

const page = (sessions: ChatSession[], total: number, pageNo: number, size: number): SessionListBody => ({
  sessions,
  total,
  page: pageNo,
  page_size: size,
});

/** Each row's main link (to /session/:id), in order. */
const rowLinks = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]);

const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

function renderList(
  handler: StubHandler,
  props: { as: SessionListAs; status?: SessionListStatus } = { as: 'coach' },
) {
  const { api } = renderWithProviders(<SessionList {...props} title="Sessions" empty="No sessions yet." />, {
    api: { 'GET /api/sessions': handler },
    toasts: false,
  });
  const reads = () => api.callsTo('GET', '/api/sessions');
  return { api, reads };
}

function updateEvent() {
  act(() =>
    dispatchUserEvent({
      topic: `user:${COACH}`,
      seq: 1,
      type: SESSION_EVENTS.sessionUpdated,
      payload: { session: chatSession(1) },
      created_at: new Date().toISOString(),
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionList', () => {
  it("lists the coach's sessions, 5 per page, each linking to its session, and pages through them", async () => {
    const { reads } = renderList(({ url }) => {
      const n = Number(url.searchParams.get('page'));
      const rows = n === 1 ? [1, 2, 3, 4, 5] : [6, 7];
      return {
        body: page(
          rows.map((i) => chatSession(i)),
          7,
          n,
          5,
        ),
      };
    });
    expect(screen.getByTestId('sessions-loading')).toBeInTheDocument();
    await advance(0);
    expect(reads()[0]?.search).toBe('?as=coach&page=1');
    const items = rowLinks();
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveAttribute('href', `/session/${idOf(1)}`);
    expect(items[0]).toHaveTextContent('Client 1');
    expect(items[0]).toHaveTextContent('Purpose 1');
    expect(items[0]).toHaveTextContent('You earned $57.00');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await advance(0);
    expect(reads().at(-1)?.search).toBe('?as=coach&page=2');
    expect(rowLinks()).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("asks for completed sessions only when told, and shows a client the coach's name without earnings", async () => {
    const { reads } = renderList(
      () => ({
        body: page(
          [
            chatSession(1, {
              status: 'active',
              ends_at: new Date(Date.now() + 60_000).toISOString(),
              earnings: null,
            }),
          ],
          1,
          1,
          20,
        ),
      }),
      { as: 'client', status: 'completed' },
    );
    await advance(0);
    expect(reads()[0]?.search).toBe('?as=client&page=1&status=completed');
    const row = screen.getByRole('link');
    expect(row).toHaveTextContent('Lena Ortiz');
    expect(row).toHaveTextContent('Active');
    expect(row).not.toHaveTextContent('You earned');
    // Its time runs out: the row reads Completed without a reload, and the client may review it.
    await advance(60_000);
    expect(rowLinks()[0]).toHaveTextContent('Completed');
    const review = screen.getByRole('link', { name: 'Review' });
    expect(review).toHaveAttribute('href', `/review/${idOf(1)}`);
    expect(review).toHaveAccessibleDescription('Lena Ortiz');
  });

  it('offers after a session: the details and transcript on the row, "Follow up" to the coach, "Review" to the client; nothing while live', async () => {
    const live = chatSession(2, {
      status: 'active',
      start_time: new Date().toISOString(),
      ends_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      earnings: null,
    });
    renderList(() => ({ body: page([chatSession(1), live], 2, 1, 5) }));
    await advance(0);
    const [done, ongoing] = within(screen.getByRole('list')).getAllByRole('listitem');
    if (!done || !ongoing) throw new Error('two rows expected');
    expect(
      within(done)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/session/${idOf(1)}`, `/follow-up/${idOf(1)}`]);
    expect(within(done).getByRole('link', { name: 'Follow up' })).toHaveAccessibleDescription('Client 1');
    expect(
      within(ongoing)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/session/${idOf(2)}`]);
    expect(screen.queryByRole('link', { name: /^Review/ })).toBeNull();
  });

  it('gives the client a Review link on each finished session, and no Follow up', async () => {
    renderList(
      () => ({
        body: page([chatSession(1, { earnings: null }), chatSession(2, { earnings: null })], 2, 1, 20),
      }),
      { as: 'client' },
    );
    await advance(0);
    const reviews = screen.getAllByRole('link', { name: 'Review' });
    expect(reviews.map((link) => link.getAttribute('href'))).toEqual([
      `/review/${idOf(1)}`,
      `/review/${idOf(2)}`,
    ]);
    expect(screen.queryByRole('link', { name: /^Follow up/ })).toBeNull();
  });

  it('says what the list is for when it is empty', async () => {
    renderList(() => ({ body: page([], 0, 1, 5) }));
    await advance(0);
    expect(screen.getByText('No sessions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows an error with Try again', async () => {
    let fail = true;
    renderList(() =>
      fail ? apiError(500, 'INTERNAL_ERROR', 'Server trouble.') : { body: page([chatSession(1)], 1, 1, 5) },
    );
    await advance(0);
    expect(screen.getByText('Your sessions did not load')).toBeInTheDocument();
    expect(screen.getByText('Server trouble.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(rowLinks()[0]).toHaveTextContent('Client 1');
  });

  it("reloads once, 1 s after the last 'chat_session.updated' event (debounced), and at once on resync", async () => {
    const { reads } = renderList(() => ({ body: page([chatSession(1)], 1, 1, 5) }));
    await advance(0);
    expect(reads()).toHaveLength(1);

    updateEvent();
    await advance(400);
    updateEvent();
    await advance(400);
    updateEvent();
    await advance(SESSION_LIST_RELOAD_DEBOUNCE_MS - 1);
    expect(reads()).toHaveLength(1);
    await advance(1);
    expect(reads()).toHaveLength(2);
    await advance(SESSION_LIST_RELOAD_DEBOUNCE_MS * 3);
    expect(reads()).toHaveLength(2);

    act(() => dispatchUserResync());
    await advance(0);
    expect(reads()).toHaveLength(3);
  });
});
