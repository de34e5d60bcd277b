import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REQUEST_ALERT_MS,
  REQUEST_RING_REPEAT_MS,
  REQUEST_SAFETY_NET_MS,
  SESSION_EVENTS,
  type ChatSession,
  type SessionRequest,
} from '#contracts/sessions';
import { ToastProvider } from '#web/components/toast';
import { dispatchUserEvent, dispatchUserResync } from '#web/lib/realtime/user-events';
import { apiError, stubApi, type StubHandler, type StubResponse } from '#web/test/api';
import { IncomingRequestBanner } from './incoming-request-banner';
import { chatSession as chatSessionFixture } from '#web/test/fixtures/sessions';

const COACH = '00000000-0000-4000-8000-0000000000c1';
const CLIENT = '00000000-0000-4000-8000-0000000000a1';
const SESSION_ID = '00000000-0000-4000-8000-0000000000e1';
const requestId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function request(n = 1, overrides: Partial<SessionRequest> = {}): SessionRequest {
  const created = new Date();
  return {
    id: requestId(n),
    coach_id: COACH,
    client_id: CLIENT,
    coach_name: 'Lena Ortiz',
    coach_username: 'lena',
    client_name: `Maya Thompson ${n}`,
    client_email: 'maya@example.test',
    client_avatar_url: null,
    format: 'video',
    duration_minutes: 30,
    purpose: 'Feeling stuck at work',
    description: 'I would like to talk about a change of job.',
    session_purpose: null,
    session_category: null,
    preferred_date: null,
    preferred_time: null,
    scheduled: false,
    price: 8000,
    original_price: 8000,
    discount_amount: null,
    coupon_code: null,
    coupon_discount_type: null,
    status: 'pending',
    session_id: null,
    accepted_at: null,
    expires_at: new Date(created.getTime() + REQUEST_ALERT_MS).toISOString(),
    responded_at: null,
    coach_message: null,
    created_at: created.toISOString(),
    ...overrides,
  };
}

function chatSession(req: SessionRequest): ChatSession {
  return chatSessionFixture({
    id: SESSION_ID,
    coach_id: req.coach_id,
    client_id: req.client_id,
    request_id: req.id,
    client_name: req.client_name,
    client_email: req.client_email,
    format: req.format,
    payment_amount: req.price,
    session_value: req.price,
    client_purpose: req.purpose,
    session_description: req.description,
    original_price: req.original_price,
  });
}

let seq = 0;
function emit(type: string, req: SessionRequest) {
  seq += 1;
  act(() =>
    dispatchUserEvent({
      topic: `user:${COACH}`,
      seq,
      type,
      payload: { request: req },
      created_at: new Date().toISOString(),
    }),
  );
}
const created = (req: SessionRequest) => emit(SESSION_EVENTS.requestCreated, req);
const updated = (req: SessionRequest) => emit(SESSION_EVENTS.requestUpdated, req);

const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBanner({
  at = '/portal',
  routes = {},
  sessionRoom,
}: {
  at?: string;
  routes?: Record<string, StubHandler | StubResponse>;
  /** The session room's code, loaded lazily as in the app (by default it is there at once). */
  sessionRoom?: Promise<void>;
} = {}) {
  const ring = vi.fn();
  const onRing = vi.fn();
  const api = stubApi({ 'GET /api/session-requests/pending': { body: { request: null } }, ...routes });
  // The session room's screen, its code arriving when `sessionRoom` settles (React.lazy, as in the app).
  const LazyRoom = lazy(async () => {
    await sessionRoom;
    return { default: Where };
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <IncomingRequestBanner ring={ring} onRing={onRing} />
            <Outlet />
          </>
        ),
        children: [
          sessionRoom
            ? {
                path: 'session/:id',
                element: <LazyRoom />,
              }
            : { path: 'session/:id', element: <Where /> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
  return { ring, onRing, api, router };
}

/** The server's answer to the coach's Accept: the request accepted, and its session. */
const acceptedAs = (req: SessionRequest) => ({
  [`POST /api/session-requests/${req.id}/accept`]: {
    body: { request: { ...req, status: 'accepted', session_id: SESSION_ID }, session: chatSession(req) },
  },
});

const banner = () => screen.queryByTestId('incoming-request-banner');
const bannerHeading = () =>
  within(screen.getByTestId('incoming-request-banner')).getByRole('heading', { level: 2 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('IncomingRequestBanner', () => {
  it("shows the request on 'session_request.created': the client, format, length, price, share, purpose and description", () => {
    renderBanner();
    expect(banner()).toBeNull();
    created(request(1));
    expect(bannerHeading()).toHaveTextContent('Incoming Session Request');
    const shown = screen.getByTestId('incoming-request-banner');
    expect(shown).toHaveTextContent('Maya Thompson 1');
    expect(shown).toHaveTextContent('Video call');
    expect(shown).toHaveTextContent('30 min');
    expect(shown).toHaveTextContent('$80.00');
    expect(shown).toHaveTextContent('You receive $76.00');
    expect(shown).toHaveTextContent('Feeling stuck at work');
    expect(shown).toHaveTextContent('I would like to talk about a change of job.');
    expect(within(shown).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(within(shown).getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(shown.parentElement).toHaveClass('fixed', 'z-[9998]');
  });

  it('rings at once and every 2 s while it shows, and dismisses itself after 180 s', async () => {
    const { ring } = renderBanner();
    created(request(1));
    expect(ring).toHaveBeenCalledTimes(1);
    await advance(REQUEST_RING_REPEAT_MS - 1);
    expect(ring).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(ring).toHaveBeenCalledTimes(2);
    await advance(REQUEST_RING_REPEAT_MS * 3);
    expect(ring).toHaveBeenCalledTimes(5);

    await advance(REQUEST_ALERT_MS - REQUEST_RING_REPEAT_MS * 4 - 1);
    expect(banner()).not.toBeNull();
    await advance(1);
    expect(banner()).toBeNull();
    const rings = ring.mock.calls.length;
    await advance(REQUEST_RING_REPEAT_MS * 5);
    expect(ring).toHaveBeenCalledTimes(rings);

    // Dismissed means handled: the same request does not come back.
    created(request(1));
    expect(banner()).toBeNull();
  });

  it('the mute switch silences the ring without closing the banner', async () => {
    const { ring } = renderBanner();
    created(request(1));
    expect(ring).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mute the ring' }));
    await advance(REQUEST_RING_REPEAT_MS * 3);
    expect(ring).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Turn the ring back on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(banner()).not.toBeNull();
  });

  it('never rings for scheduled requests (both preferred date and time) or requests no longer pending', async () => {
    const { ring } = renderBanner();
    created(request(1, { scheduled: true, preferred_date: '2030-01-01', preferred_time: '10:00' }));
    created(request(2, { status: 'cancelled' }));
    await advance(REQUEST_RING_REPEAT_MS);
    expect(banner()).toBeNull();
    expect(ring).not.toHaveBeenCalled();
  });

  it('shows one alert at a time: the next waits until the first is gone', async () => {
    renderBanner();
    created(request(1));
    created(request(2));
    expect(screen.getByTestId('incoming-request-banner')).toHaveTextContent('Maya Thompson 1');
    expect(screen.getAllByTestId('incoming-request-banner')).toHaveLength(1);
    // The second is cancelled while waiting: it is dropped; the third waits in its place.
    updated(request(2, { status: 'cancelled' }));
    created(request(3));
    await advance(REQUEST_ALERT_MS);
    expect(screen.getByTestId('incoming-request-banner')).toHaveTextContent('Maya Thompson 3');
  });

  it('is not shown on /session/{id}; a request that arrives there shows once the coach leaves', async () => {
    const { ring, router } = renderBanner({ at: `/session/${SESSION_ID}` });
    created(request(1));
    await advance(REQUEST_RING_REPEAT_MS * 2);
    expect(banner()).toBeNull();
    expect(ring).not.toHaveBeenCalled();
    await act(() => router.navigate('/portal'));
    expect(screen.getByTestId('incoming-request-banner')).toHaveTextContent('Maya Thompson 1');
    expect(ring).toHaveBeenCalledTimes(1);
  });

  it('runs the safety-net check 1 s after load and shows what it finds (and again on resync)', async () => {
    let answer: SessionRequest | null = request(7);
    const { api } = renderBanner({
      routes: { 'GET /api/session-requests/pending': () => ({ body: { request: answer } }) },
    });
    await advance(REQUEST_SAFETY_NET_MS - 1);
    expect(api.callsTo('GET', '/api/session-requests/pending')).toHaveLength(0);
    await advance(1);
    expect(api.callsTo('GET', '/api/session-requests/pending')).toHaveLength(1);
    expect(screen.getByTestId('incoming-request-banner')).toHaveTextContent('Maya Thompson 7');

    answer = request(8);
    act(() => dispatchUserResync());
    await advance(0);
    expect(api.callsTo('GET', '/api/session-requests/pending')).toHaveLength(2);
    // One at a time: the second waits.
    expect(screen.getByTestId('incoming-request-banner')).toHaveTextContent('Maya Thompson 7');
  });

  it('Accept takes the coach to /session/{id}', async () => {
    const req = request(1);
    const { api } = renderBanner({
      routes: acceptedAs(req),
    });
    created(req);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('button', { name: 'Accepting…' })).toBeDisabled();
    await advance(0);
    expect(api.callsTo('POST', `/api/session-requests/${req.id}/accept`)).toHaveLength(1);
    expect(screen.getByTestId('where')).toHaveTextContent(`/session/${SESSION_ID}`);
    expect(banner()).toBeNull();
  });

  it('keeps "Accepting…" until the session room has loaded, and asks for the room once per ringing request', async () => {
    const req = request(1);
    let roomLoaded: () => void = () => undefined;
    const { onRing } = renderBanner({
      sessionRoom: new Promise<void>((resolve) => {
        roomLoaded = resolve;
      }),
      routes: acceptedAs(req),
    });
    created(req);
    created(req); // the same request again (an event and the safety net): asked once
    expect(onRing).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(0);
    // Accepted, but the room's code is still on its way: the coach sees the banner working.
    expect(screen.getByRole('button', { name: 'Accepting…' })).toBeDisabled();
    expect(screen.getByTestId('where')).toHaveTextContent('/portal');
    await act(async () => roomLoaded());
    await advance(0);
    expect(screen.getByTestId('where')).toHaveTextContent(`/session/${SESSION_ID}`);
    expect(banner()).toBeNull();
  });

  it('a failed accept shows the alert again with the reason, rings again and can be accepted again', async () => {
    const req = request(1);
    let fail = true;
    const { ring, api } = renderBanner({
      routes: {
        [`POST /api/session-requests/${req.id}/accept`]: () =>
          fail
            ? apiError(503, 'SERVICE_UNAVAILABLE', 'We could not reach the server. Try again.')
            : { body: { request: { ...req, status: 'accepted' }, session: chatSession(req) } },
        [`GET /api/session-requests/${req.id}`]: { body: req },
      },
    });
    created(req);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(0);
    const shown = screen.getByTestId('incoming-request-banner');
    expect(shown).toHaveAttribute('data-phase', 'incoming');
    expect(shown).toHaveTextContent('We could not reach the server. Try again.');
    const rings = ring.mock.calls.length;
    await advance(REQUEST_RING_REPEAT_MS);
    expect(ring.mock.calls.length).toBeGreaterThan(rings);

    // Unmarked: the safety net or an event may offer it again without losing it, and Accept works.
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(0);
    expect(api.callsTo('POST', `/api/session-requests/${req.id}/accept`)).toHaveLength(2);
    expect(screen.getByTestId('where')).toHaveTextContent(`/session/${SESSION_ID}`);
  });

  it('an accept refused because the client cancelled says so, in the orange banner', async () => {
    const req = request(1);
    renderBanner({
      routes: {
        [`POST /api/session-requests/${req.id}/accept`]: apiError(
          409,
          'CONFLICT',
          'The client cancelled this request.',
        ),
        [`GET /api/session-requests/${req.id}`]: { body: { ...req, status: 'cancelled' } },
      },
    });
    created(req);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(0);
    expect(bannerHeading()).toHaveTextContent('Client Cancelled Session');
    expect(screen.getByTestId('incoming-request-banner')).toHaveAttribute('data-phase', 'cancelled');
  });

  it('Decline keeps the banner as "Session Declined" with the message box: counter, 500 limit, required, disabled while sending', async () => {
    const req = request(1);
    let release: (answer: StubResponse) => void = () => undefined;
    const { api, ring } = renderBanner({
      routes: {
        [`POST /api/session-requests/${req.id}/decline`]: {
          body: { ...req, status: 'declined' },
        },
        [`POST /api/session-requests/${req.id}/message`]: () =>
          new Promise<StubResponse>((resolve) => {
            release = resolve;
          }),
      },
    });
    created(req);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await advance(0);
    expect(api.callsTo('POST', `/api/session-requests/${req.id}/decline`)).toHaveLength(1);
    expect(bannerHeading()).toHaveTextContent('Session Declined');
    // No more ringing once declined, and no auto-dismiss while the coach writes.
    const rings = ring.mock.calls.length;
    await advance(REQUEST_ALERT_MS + 1);
    expect(ring).toHaveBeenCalledTimes(rings);
    expect(banner()).not.toBeNull();

    const box = screen.getByLabelText('Message to Maya');
    expect(box).toHaveAttribute('maxLength', '500');
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();

    // Required: a blank message is not sent.
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await advance(0);
    expect(screen.getByText('Write a message to the client.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/session-requests/${req.id}/message`)).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'Sorry, I am with a client. Try me at 4?' } });
    expect(screen.getByText('39/500 characters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await advance(0);
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Sending…' }));
    expect(api.callsTo('POST', `/api/session-requests/${req.id}/message`)).toHaveLength(1);
    expect(api.callsTo('POST', `/api/session-requests/${req.id}/message`)[0]?.body).toEqual({
      message: 'Sorry, I am with a client. Try me at 4?',
    });

    await act(async () => {
      release({ body: { ...req, status: 'declined', coach_message: 'x' } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(banner()).toBeNull();
    expect(screen.getByText('Your message is on its way')).toBeInTheDocument();
  });

  it('refuses a message over 500 characters (the field also stops typing at 500)', async () => {
    const req = request(1);
    const { api } = renderBanner();
    created(req);
    updated({ ...req, status: 'cancelled' });
    const box = screen.getByLabelText('Message to Maya');
    expect(box).toHaveAttribute('maxLength', '500');
    // A pasted text that got past the field's limit is still not sent.
    fireEvent.change(box, { target: { value: 'a'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await advance(0);
    expect(screen.getByText('Keep the message to 500 characters or fewer.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/session-requests/${req.id}/message`)).toHaveLength(0);
  });

  it("turns orange 'Client Cancelled Session' with the message box when the client cancels the shown request", async () => {
    const req = request(1);
    const { ring } = renderBanner({
      routes: { [`POST /api/session-requests/${req.id}/message`]: { body: {} } },
    });
    created(req);
    updated({ ...req, status: 'cancelled' });
    expect(bannerHeading()).toHaveTextContent('Client Cancelled Session');
    const shown = screen.getByTestId('incoming-request-banner');
    expect(shown).toHaveAttribute('data-phase', 'cancelled');
    expect(shown).toHaveClass('border-[var(--notify-declined)]');
    expect(within(shown).queryByRole('button', { name: 'Accept' })).toBeNull();
    const rings = ring.mock.calls.length;
    await advance(REQUEST_RING_REPEAT_MS * 2);
    expect(ring).toHaveBeenCalledTimes(rings);
    // Close without a message.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(banner()).toBeNull();
  });

  it('closes when the shown request expires', () => {
    const req = request(1);
    renderBanner();
    created(req);
    updated({ ...req, status: 'expired' });
    expect(banner()).toBeNull();
  });

  it('a failed decline shows the alert again with the reason', async () => {
    const req = request(1);
    renderBanner({
      routes: {
        [`POST /api/session-requests/${req.id}/decline`]: apiError(500, 'INTERNAL_ERROR', 'Something broke.'),
        [`GET /api/session-requests/${req.id}`]: { body: req },
      },
    });
    created(req);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await advance(0);
    expect(bannerHeading()).toHaveTextContent('Incoming Session Request');
    expect(screen.getByTestId('incoming-request-banner')).toHaveTextContent('Something broke.');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });
});
