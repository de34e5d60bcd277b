import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailboxMessage } from '#contracts/outbox';
import { DevMailboxPage } from './dev-mailbox';
import { renderWithProviders } from '#web/test/render';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const message = (overrides: Partial<MailboxMessage> = {}): MailboxMessage => ({
  id: '5b0e9a4e-1f7c-4d8e-9a51-3a0f3f6d2c11',
  channel: 'email',
  recipient: 'ada@example.test',
  template: 'signup_confirmation',
  subject: 'Confirm your Wellspring account',
  body_text: 'Hello Ada,\n\nYour confirmation code is 482913.\n<b>not bold</b>',
  status: 'pending',
  attempts: 0,
  created_at: '2026-11-21T09:00:00.000Z',
  sent_at: null,
  ...overrides,
});

// No retries and no polling surprises: each test decides every answer.
const renderPage = () => renderWithProviders(<DevMailboxPage />, { toasts: false });

describe('DevMailboxPage', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a loading skeleton, then each message with its full text on expand, as text', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Messages Wellspring would have sent. Shown because no email or SMS provider is configured.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages...');
    expect(fetchMock).toHaveBeenCalledWith('/api/dev/mailbox', expect.objectContaining({ method: 'GET' }));

    answer(
      json({
        messages: [
          message(),
          message({
            id: 'a2c4e6f8-0000-4000-8000-000000000002',
            channel: 'sms',
            recipient: '+14155550123',
            template: 'phone_otp',
            subject: null,
            body_text: 'Your Wellspring code is 774201',
            status: 'sent',
            attempts: 1,
            created_at: '2026-11-21T08:59:00.000Z',
            sent_at: '2026-11-21T08:59:01.000Z',
          }),
        ],
      }),
    );

    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Confirm your Wellspring account');
    expect(items[0]).toHaveTextContent('To ada@example.test');
    expect(within(items[0]!).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-21T09:00:00.000Z');
    expect(items[1]).toHaveTextContent('Text message');
    expect(items[1]).toHaveTextContent('To +14155550123');
    expect(items[1]).toHaveTextContent('Sent');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const toggle = within(items[0]!).getByRole('button', { name: /Confirm your Wellspring account/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const body = within(items[0]!).getByText(/Your confirmation code is 482913\./);
    expect(body).not.toBeVisible();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(body).toBeVisible();
    expect(body.tagName).toBe('PRE');
    // The whole text, line breaks included, and markup shown as characters, not rendered.
    expect(body.textContent).toBe('Hello Ada,\n\nYour confirmation code is 482913.\n<b>not bold</b>');
    expect(body.querySelector('b')).toBeNull();
  });

  it('says so when there are no messages yet', async () => {
    fetchMock.mockResolvedValue(json({ messages: [] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('shows an error with Try Again, which loads the messages', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        json(
          { error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' } },
          503,
        ),
      )
      .mockResolvedValueOnce(json({ messages: [message()] }));
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the mailbox');
    expect(alert).toHaveTextContent('The service is temporarily unavailable.');

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('list', { name: 'Messages' })).toHaveTextContent(
      'Confirm your Wellspring account',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains that the mailbox is off when the server does not offer it (404)', async () => {
    fetchMock.mockResolvedValue(json({ error: { code: 'NOT_FOUND', message: 'No such endpoint.' } }, 404));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The mailbox is turned off' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
