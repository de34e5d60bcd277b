import { act, screen } from '@testing-library/react';
import { useContext, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EVENTS, type ChatSession } from '#contracts/sessions';
import { ActiveSessionContext } from '#web/lib/active-session';
import { dispatchUserEvent, dispatchUserResync } from '#web/lib/realtime/user-events';
import { buildMe } from '#web/test/fixtures/auth';
import { type StubHandler } from '#web/test/api';
import { useActiveSessionRedirect } from '#web/lib/use-active-session-redirect';
import { ActiveSessionProvider } from './active-session-provider';
import { chatSession as chatSessionFixture } from '#web/test/fixtures/sessions';
import { renderWithProviders } from '#web/test/render';

const ID = '00000000-0000-4000-8000-0000000000e1';
const OTHER = '00000000-0000-4000-8000-0000000000e2';

function chatSession(id: string, overrides: Partial<ChatSession> = {}): ChatSession {
  return chatSessionFixture({
    id,
    coach_id: '00000000-0000-4000-8000-0000000000c1',
    client_id: '00000000-0000-4000-8000-000000000001',
    request_id: null,
    client_email: null,
    client_purpose: 'Talk',
    ...overrides,
  });
}

/** What the redirect sees, and the redirect itself (mounted once in the signed-in layout). */
function Probe({ redirect }: { redirect: boolean }) {
  const source = useContext(ActiveSessionContext);
  const session = useSyncExternalStore(source.subscribe, source.getSnapshot);
  useActiveSessionRedirect({ enabled: redirect });
  return (
    <>
      <p data-testid="where">{useLocation().pathname}</p>
      <p data-testid="active">{session ? `${session.id} ${session.endsAt}` : 'none'}</p>
    </>
  );
}

function renderProvider(active: StubHandler, { at = '/portal', redirect = true } = {}) {
  const { api, queryClient } = renderWithProviders(
    <ActiveSessionProvider me={buildMe()}>
      <Probe redirect={redirect} />
    </ActiveSessionProvider>,
    { api: { 'GET /api/sessions/active': active }, at, toasts: false },
  );
  const reads = () => api.callsTo('GET', '/api/sessions/active').length;
  /** Waits until `count` reads were made and answered. */
  const settled = (count: number) =>
    vi.waitFor(() => {
      expect(reads()).toBe(count);
      expect(queryClient.isFetching()).toBe(0);
    });
  return { reads, settled };
}

function sessionUpdated(session: ChatSession) {
  act(() =>
    dispatchUserEvent({
      topic: 'user:x',
      seq: 1,
      type: SESSION_EVENTS.sessionUpdated,
      payload: { session },
      created_at: new Date().toISOString(),
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActiveSessionProvider (the source of the SPEC §2 redirect)', () => {
  it('feeds GET /api/sessions/active to the redirect: a live session sends the person from home to it', async () => {
    const session = chatSession(ID);
    renderProvider(() => ({ body: { session } }));
    expect(await screen.findByText(`/session/${ID}`)).toBeInTheDocument();
    expect(screen.getByTestId('active')).toHaveTextContent(`${ID} ${Date.parse(session.ends_at)}`);
  });

  it('stays put without a live session, and follows chat_session.updated events (applied at once, then refetched)', async () => {
    let answer: ChatSession | null = null;
    const { settled } = renderProvider(() => ({ body: { session: answer } }), { redirect: false });
    await settled(1);
    expect(screen.getByTestId('active')).toHaveTextContent('none');

    // A session starts (accepted in another tab): known at once, and confirmed by a refetch.
    answer = chatSession(ID);
    sessionUpdated(answer);
    expect(screen.getByTestId('active')).toHaveTextContent(ID);
    await settled(2);

    // Another session of theirs completing does not clear this one.
    sessionUpdated(chatSession(OTHER, { status: 'completed' }));
    expect(screen.getByTestId('active')).toHaveTextContent(ID);
    await settled(3);

    // SPEC §4: a realtime update clears the active session when it is completed.
    answer = null;
    sessionUpdated(chatSession(ID, { status: 'completed' }));
    expect(screen.getByTestId('active')).toHaveTextContent('none');
    await settled(4);
    expect(screen.getByTestId('active')).toHaveTextContent('none');
    expect(screen.getByTestId('where')).toHaveTextContent('/portal');
  });

  it('refetches on resync (events may have been missed)', async () => {
    let answer: ChatSession | null = null;
    const { settled } = renderProvider(() => ({ body: { session: answer } }), { at: '/client-portal' });
    await settled(1);
    answer = chatSession(ID);
    act(() => dispatchUserResync());
    expect(await screen.findByText(`/session/${ID}`)).toBeInTheDocument();
  });
});
