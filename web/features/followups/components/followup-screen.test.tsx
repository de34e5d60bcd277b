import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FOLLOWUP_EVENTS,
  FOLLOWUP_MESSAGES,
  FOLLOWUP_RESOURCES_MAX,
  type Followup,
  type FollowupsResponse,
  type SendFollowupResponse,
} from '#contracts/followups';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { apiError, type StubHandler } from '#web/test/api';
import { FollowupScreen } from './followup-screen';
import { renderWithProviders } from '#web/test/render';

const SESSION = '00000000-0000-4000-8000-0000000000e1';
const COACH = '00000000-0000-4000-8000-0000000000c1';
const CLIENT = '00000000-0000-4000-8000-0000000000a1';
const URL_OF = `/api/sessions/${SESSION}/followups`;

function followup(n: number, overrides: Partial<Followup> = {}): Followup {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    session_id: SESSION,
    coach_id: COACH,
    client_id: CLIENT,
    coach_name: 'Sofia Márquez',
    notes: `Notes ${n}\nSecond line`,
    resources: [],
    created_at: new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString(),
    ...overrides,
  };
}

function answer(
  role: 'coach' | 'client',
  followups: Followup[] = [],
  status: 'active' | 'completed' = 'completed',
): FollowupsResponse {
  return {
    viewer_role: role,
    session: {
      id: SESSION,
      status,
      format: 'video',
      start_time: new Date(Date.UTC(2026, 10, 20, 8, 0)).toISOString(),
      end_time: status === 'completed' ? new Date(Date.UTC(2026, 10, 20, 8, 25)).toISOString() : null,
      duration_minutes: 30,
      coach_name: 'Sofia Márquez',
      client_name: 'Robin Hale',
    },
    followups,
  };
}

function renderScreen(routes: Record<string, StubHandler>) {
  const { api } = renderWithProviders(<FollowupScreen sessionId={SESSION} homePath="/portal" />, {
    api: routes,
  });
  /** The Idempotency-Key of each POST, in order. */
  const keys = () =>
    api.fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
  return { api, keys };
}

const notesBox = () => screen.getByLabelText('Notes for Robin Hale');
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send follow-up' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FollowupScreen, the coach', () => {
  it('shows the session summary, writes notes with a counter and resources, sends, and lists what was sent', async () => {
    let stored: Followup[] = [followup(1)];
    const { api, keys } = renderScreen({
      [`GET ${URL_OF}`]: () => ({ body: answer('coach', stored) }),
      [`POST ${URL_OF}`]: ({ body }) => {
        const sent = body as { notes: string; resources: { title: string; url: string }[] };
        const created = followup(2, { notes: sent.notes, resources: sent.resources });
        stored = [created, ...stored];
        const response: SendFollowupResponse = { followup: created, email: 'queued' };
        return { status: 201, body: response };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Follow up with Robin Hale' })).toBeVisible();
    expect(screen.getByText(/Video call · 30 min/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Session details and chat' })).toHaveAttribute(
      'href',
      `/session/${SESSION}`,
    );
    const sentList = screen.getByRole('region', { name: 'Sent follow-ups' });
    expect(within(sentList).getAllByRole('article')).toHaveLength(1);

    expect(screen.getByText('0/5000 characters')).toBeInTheDocument();
    fireEvent.change(notesBox(), { target: { value: '  Try the breathing exercise.  ' } });
    expect(screen.getByText('31/5000 characters')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add a resource' }));
    fireEvent.change(screen.getByLabelText('Title of resource 1'), { target: { value: 'Box breathing' } });
    fireEvent.change(screen.getByLabelText('Link of resource 1'), {
      target: { value: 'https://example.com/box' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add another resource' }));
    fireEvent.change(screen.getByLabelText('Title of resource 2'), { target: { value: 'Dropped' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove resource 2' }));
    expect(screen.queryByLabelText('Title of resource 2')).toBeNull();

    send();
    expect(await screen.findByText('Follow-up sent')).toBeInTheDocument();
    expect(
      screen.getByText('Robin Hale can read it in Wellspring, and it is on its way by email.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', URL_OF).map((call) => call.body)).toEqual([
      {
        notes: 'Try the breathing exercise.',
        resources: [{ title: 'Box breathing', url: 'https://example.com/box' }],
      },
    ]);
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);

    // The new one is on top of the list, its resource a link that opens in a new tab; the form is empty.
    const articles = within(sentList).getAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(articles[0]).toHaveTextContent('Try the breathing exercise.');
    const link = within(articles[0]!).getByRole('link', { name: /Box breathing/ });
    expect(link).toHaveAttribute('href', 'https://example.com/box');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(notesBox()).toHaveValue('');
    expect(screen.queryByLabelText('Title of resource 1')).toBeNull();
  });

  it('explains what to fix before anything is sent: blank notes, a missing title, a link that is not https', async () => {
    const { api } = renderScreen({ [`GET ${URL_OF}`]: () => ({ body: answer('coach') }) });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Add a resource' }));
    const url = screen.getByLabelText('Link of resource 1');
    fireEvent.change(url, { target: { value: 'http://example.com/page' } });
    // Checked as soon as the field is left.
    fireEvent.blur(url);
    expect(screen.getByText(FOLLOWUP_MESSAGES.urlNotHttps)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(notesBox(), { target: { value: '   ' } });
    send();
    expect(await screen.findByText(FOLLOWUP_MESSAGES.notesRequired)).toBeInTheDocument();
    expect(screen.getByText(FOLLOWUP_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(FOLLOWUP_MESSAGES.urlNotHttps)).toBeInTheDocument();
    await waitFor(() => expect(notesBox()).toHaveFocus());

    // Typing in a field clears its message.
    fireEvent.change(url, { target: { value: 'example.com/page' } });
    expect(screen.queryByText(FOLLOWUP_MESSAGES.urlNotHttps)).toBeNull();
    fireEvent.blur(url);
    expect(screen.getByText(FOLLOWUP_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST', URL_OF)).toHaveLength(0);
  });

  it('focuses the title of a new resource, and a removed row takes its message with it', async () => {
    renderScreen({ [`GET ${URL_OF}`]: () => ({ body: answer('coach') }) });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Add a resource' }));
    await waitFor(() => expect(screen.getByLabelText('Title of resource 1')).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Add another resource' }));
    await waitFor(() => expect(screen.getByLabelText('Title of resource 2')).toHaveFocus());
    fireEvent.change(screen.getByLabelText('Title of resource 2'), { target: { value: 'Kept' } });
    fireEvent.change(screen.getByLabelText('Link of resource 2'), {
      target: { value: 'http://example.com' },
    });
    fireEvent.blur(screen.getByLabelText('Link of resource 2'));
    expect(screen.getByText(FOLLOWUP_MESSAGES.urlNotHttps)).toBeInTheDocument();

    // Row 1 goes: row 2 becomes row 1, with its value and its message.
    fireEvent.click(screen.getByRole('button', { name: 'Remove resource 1' }));
    expect(screen.getByLabelText('Title of resource 1')).toHaveValue('Kept');
    expect(screen.getByLabelText('Link of resource 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(FOLLOWUP_MESSAGES.urlNotHttps)).toBeInTheDocument();
  });

  it(`stops at ${FOLLOWUP_RESOURCES_MAX} resources`, async () => {
    renderScreen({ [`GET ${URL_OF}`]: () => ({ body: answer('coach') }) });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Add a resource' }));
    for (let i = 1; i < FOLLOWUP_RESOURCES_MAX; i += 1)
      fireEvent.click(screen.getByRole('button', { name: 'Add another resource' }));
    expect(screen.getByLabelText(`Title of resource ${FOLLOWUP_RESOURCES_MAX}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add another resource' })).toBeDisabled();
    expect(screen.getByText(FOLLOWUP_MESSAGES.tooManyResources)).toBeInTheDocument();
  });

  it("says 'Email Error' / 'Failed to send follow-up email' when the email could not be queued (the follow-up is kept)", async () => {
    renderScreen({
      [`GET ${URL_OF}`]: () => ({ body: answer('coach') }),
      [`POST ${URL_OF}`]: () => ({ status: 201, body: { followup: followup(3), email: 'failed' } }),
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(notesBox(), { target: { value: 'Notes' } });
    send();
    expect(await screen.findByText('Email Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to send follow-up email')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Sent follow-ups' })).getAllByRole('article'),
    ).toHaveLength(1);
  });

  it('retries a send whose answer was lost with the same Idempotency-Key; a changed follow-up gets a new one', async () => {
    let fail = true;
    const { keys } = renderScreen({
      [`GET ${URL_OF}`]: () => ({ body: answer('coach') }),
      [`POST ${URL_OF}`]: () =>
        fail
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Please try again.')
          : { status: 201, body: { followup: followup(4), email: 'queued' } },
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(notesBox(), { target: { value: 'Same notes' } });
    send();
    expect(await screen.findByText('The service is busy. Please try again.')).toBeInTheDocument();
    send();
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[1]).toBe(keys()[0]);

    fireEvent.change(notesBox(), { target: { value: 'Other notes' } });
    fail = false;
    send();
    expect(await screen.findByText('Follow-up sent')).toBeInTheDocument();
    expect(keys()).toHaveLength(3);
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it('offers no form while the session is still live', async () => {
    renderScreen({ [`GET ${URL_OF}`]: () => ({ body: answer('coach', [], 'active') }) });
    expect(await screen.findByText(/This session is still going on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send follow-up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the session' })).toHaveAttribute(
      'href',
      `/session/${SESSION}`,
    );
  });
});

describe('FollowupScreen, the client', () => {
  it('reads the follow-ups received, newest first, without a form', async () => {
    renderScreen({
      [`GET ${URL_OF}`]: () => ({
        body: answer('client', [
          followup(2, { resources: [{ title: 'Sleep diary', url: 'https://example.com/diary' }] }),
          followup(1),
        ]),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes from Sofia Márquez' })).toBeVisible();
    const list = screen.getByRole('region', { name: 'Follow-ups from Sofia Márquez' });
    const articles = within(list).getAllByRole('article');
    expect(articles.map((article) => article.textContent)).toEqual([
      expect.stringContaining('Notes 2'),
      expect.stringContaining('Notes 1'),
    ]);
    expect(within(articles[0]!).getByRole('link', { name: /Sleep diary/ })).toHaveAttribute(
      'href',
      'https://example.com/diary',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send follow-up' })).toBeNull();
  });

  it('says what will appear when nothing has been sent yet, and shows a new one when it arrives live', async () => {
    let stored: Followup[] = [];
    const { api } = renderScreen({ [`GET ${URL_OF}`]: () => ({ body: answer('client', stored) }) });
    expect(
      await screen.findByText(
        'No follow-up yet. When Sofia Márquez sends notes or resources after your session, they appear here.',
      ),
    ).toBeInTheDocument();

    // An event about another session changes nothing; one about this session reads the list again.
    const event = (sessionId: string) =>
      act(() =>
        dispatchUserEvent({
          topic: `user:${CLIENT}`,
          seq: 1,
          type: FOLLOWUP_EVENTS.created,
          payload: { followup: followup(5, { session_id: sessionId }) },
          created_at: new Date().toISOString(),
        }),
      );
    event('00000000-0000-4000-8000-0000000000ff');
    expect(api.callsTo('GET', URL_OF)).toHaveLength(1);
    stored = [followup(5)];
    event(SESSION);
    expect(await screen.findByText(/Notes 5/)).toBeInTheDocument();
    expect(api.callsTo('GET', URL_OF)).toHaveLength(2);
  });
});

describe('FollowupScreen, errors', () => {
  it('says a session that is not theirs (404) could not be found, without Try again', async () => {
    renderScreen({ [`GET ${URL_OF}`]: () => apiError(404, 'NOT_FOUND', 'This session could not be found.') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This session could not be found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/portal');
  });

  it('treats a malformed session id in the address (400) as not found', async () => {
    renderScreen({
      [`GET ${URL_OF}`]: () =>
        apiError(400, 'VALIDATION_ERROR', 'The request is not valid. Please check your input and try again.'),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This session could not be found' }),
    ).toBeInTheDocument();
  });

  it('offers Try again when the follow-ups did not load', async () => {
    let fail = true;
    renderScreen({
      [`GET ${URL_OF}`]: () =>
        fail ? apiError(500, 'INTERNAL_ERROR', 'Server trouble.') : { body: answer('client') },
    });
    expect(await screen.findByText('Server trouble.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes from Sofia Márquez' })).toBeVisible();
  });
});
