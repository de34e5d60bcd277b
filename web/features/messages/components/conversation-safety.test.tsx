import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, SAFETY_TEXTS, type BlockedPerson, type Conversation } from '#contracts/messages';
import { apiError, type StubRoutes } from '#web/test/api';
import {
  COACH_USER_ID,
  CONVERSATION_ID,
  conversation,
  conversationsPage,
  inquiryMessage,
  messagesPage,
} from '#web/test/fixtures/messages';
import { renderWithProviders } from '#web/test/render';
import { MessagesScreen } from './messages-screen';

/* Block, unblock and report in a conversation (#17 safety), and the client's crisis note. */

const BASE = `/api/conversations/${CONVERSATION_ID}`;
const LENA_BLOCKED: BlockedPerson = {
  user_id: COACH_USER_ID,
  name: 'Lena Ortiz',
  avatar_url: null,
  blocked_at: '2026-11-21T10:00:00.000Z',
};

function renderConversation(
  extra: StubRoutes = {},
  { role = 'client', held = conversation() }: { role?: 'client' | 'coach'; held?: Conversation } = {},
) {
  return renderWithProviders(
    <MessagesScreen conversationId={CONVERSATION_ID} role={role} retryDelaysMs={[]} />,
    {
      api: {
        'GET /api/conversations': { body: conversationsPage([held]) },
        [`GET ${BASE}`]: { body: { conversation: held } },
        [`GET ${BASE}/messages`]: {
          body: messagesPage([inquiryMessage(1, { content: 'Hello Maya' })]),
        },
        [`POST ${BASE}/read`]: { status: 204 },
        'GET /api/blocks': { body: { blocked: [] } },
        ...extra,
      },
    },
  );
}

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(
    await screen.findByRole('button', { name: 'Options for your conversation with Lena Ortiz' }),
  );
  return screen.findByRole('menu');
};

describe('blocking from a conversation', () => {
  it('asks first, blocks with PUT /api/blocks/:userId, and the box gives way to the blocked text', async () => {
    const user = userEvent.setup();
    const { api } = renderConversation({
      [`PUT /api/blocks/${COACH_USER_ID}`]: { status: 201, body: { blocked: LENA_BLOCKED } },
    });
    await screen.findByText('Hello Maya');
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Block Lena Ortiz' }));

    const ask = within(await screen.findByRole('alertdialog', { name: 'Block Lena Ortiz?' }));
    await user.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('PUT', `/api/blocks/${COACH_USER_ID}`)).toHaveLength(0);

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Block Lena Ortiz' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block Lena Ortiz' }),
    );
    expect(await screen.findByText(SAFETY_TEXTS.blockedByYou)).toBeVisible();
    expect(api.callsTo('PUT', `/api/blocks/${COACH_USER_ID}`)).toHaveLength(1);
    expect(screen.queryByLabelText('Message to Lena Ortiz')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings#blocked-people',
    );
    // The history stays.
    expect(screen.getByText('Hello Maya')).toBeVisible();
    // The menu now offers the way back.
    expect(
      within(await openMenu(user)).getByRole('menuitem', { name: 'Unblock Lena Ortiz' }),
    ).toBeInTheDocument();
  });

  it('someone already blocked: the blocked text instead of the box; Unblock brings it back', async () => {
    const user = userEvent.setup();
    let held = [LENA_BLOCKED];
    const { api } = renderConversation({
      'GET /api/blocks': () => ({ body: { blocked: held } }),
      [`DELETE /api/blocks/${COACH_USER_ID}`]: () => {
        held = [];
        return { status: 204 };
      },
    });
    expect(await screen.findByText(SAFETY_TEXTS.blockedByYou)).toBeVisible();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Unblock Lena Ortiz' }));
    expect(await screen.findByLabelText('Message to Lena Ortiz')).toBeVisible();
    expect(screen.queryByText(SAFETY_TEXTS.blockedByYou)).toBeNull();
    expect(api.callsTo('DELETE', `/api/blocks/${COACH_USER_ID}`)).toHaveLength(1);
  });

  it("a send refused because they blocked the caller: the server's words, not a generic error", async () => {
    const user = userEvent.setup();
    renderConversation({
      [`POST ${BASE}/messages`]: apiError(403, 'FORBIDDEN', SAFETY_TEXTS.blockedByOther),
    });
    await screen.findByText('Hello Maya');
    await user.type(screen.getByLabelText('Message to Lena Ortiz'), 'Are you there?{Enter}');
    const toast = await screen.findByText(MESSAGE_TEXTS.sendFailedTitle);
    expect(toast.closest('[data-variant]')).toHaveTextContent(SAFETY_TEXTS.blockedByOther);
    expect(toast.closest('[data-variant]')).not.toHaveTextContent(MESSAGE_TEXTS.sendFailedBody);
    // It stays above the box once the toast has gone (the toast reads it out).
    expect(screen.getByTestId('blocked-notice')).toHaveTextContent(SAFETY_TEXTS.blockedByOther);
    expect(screen.getByTestId('blocked-notice')).not.toHaveAttribute('role');
    expect(screen.getByLabelText('Message to Lena Ortiz')).toBeInTheDocument();
  });

  it('says why a block failed, in the dialog', async () => {
    const user = userEvent.setup();
    renderConversation({
      [`PUT /api/blocks/${COACH_USER_ID}`]: apiError(404, 'NOT_FOUND', SAFETY_TEXTS.blockNotFound),
    });
    await screen.findByText('Hello Maya');
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Block Lena Ortiz' }));
    const ask = within(await screen.findByRole('alertdialog'));
    await user.click(ask.getByRole('button', { name: 'Block Lena Ortiz' }));
    expect(await ask.findByText(SAFETY_TEXTS.blockNotFound)).toBeVisible();
    expect(screen.getByLabelText('Message to Lena Ortiz')).toBeInTheDocument();
  });
});

describe('reporting', () => {
  it('the conversation: a reason, optional details, then the server’s confirmation', async () => {
    const user = userEvent.setup();
    const { api } = renderConversation({
      [`POST ${BASE}/reports`]: {
        status: 201,
        body: {
          report: {
            id: '44444444-4444-4444-8444-444444444444',
            reason: 'spam',
            created_at: '2026-11-21T10:00:00.000Z',
          },
          message: SAFETY_TEXTS.reported,
        },
      },
    });
    await screen.findByText('Hello Maya');
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Report' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Report your conversation with Lena Ortiz' }),
    );
    // Nothing chosen: said at the choices, nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Choose a reason.')).toBeVisible();
    expect(api.callsTo('POST', `${BASE}/reports`)).toHaveLength(0);

    await user.click(dialog.getByRole('radio', { name: /Spam/ }));
    await user.type(dialog.getByLabelText('Details (optional)'), 'The same link five times.');
    expect(dialog.getByText('25/1000 characters')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(SAFETY_TEXTS.reported);
    expect(api.callsTo('POST', `${BASE}/reports`).map((call) => call.body)).toEqual([
      { reason: 'spam', details: 'The same link five times.' },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Other' needs the person's words; one message is reported from its own button", async () => {
    const user = userEvent.setup();
    const { api } = renderConversation({
      [`POST ${BASE}/reports`]: {
        status: 201,
        body: {
          report: {
            id: '44444444-4444-4444-8444-444444444444',
            reason: 'other',
            created_at: '2026-11-21T10:00:00.000Z',
          },
          message: SAFETY_TEXTS.reported,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Report this message from Lena Ortiz' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this message' }));
    expect(dialog.getByText('Hello Maya')).toBeVisible();
    await user.click(dialog.getByRole('radio', { name: /Other/ }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText(SAFETY_TEXTS.otherNeedsDetails)).toBeVisible();
    expect(dialog.getByLabelText('Details (optional)')).toHaveFocus();

    await user.type(dialog.getByLabelText('Details (optional)'), 'It asks for my card number.');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(SAFETY_TEXTS.reported);
    expect(api.callsTo('POST', `${BASE}/reports`).map((call) => call.body)).toEqual([
      { reason: 'other', details: 'It asks for my card number.', message_id: inquiryMessage(1).id },
    ]);
  });
});

describe('the crisis note', () => {
  it("is in the client's conversation, with the help centre's link", async () => {
    renderConversation();
    expect(await screen.findByText(SAFETY_TEXTS.crisisNote, { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/help-center');
  });

  it("is not in the coach's", async () => {
    renderConversation({}, { role: 'coach', held: conversation({ role: 'coach' }) });
    await screen.findByText('Hello Maya');
    expect(screen.queryByText(SAFETY_TEXTS.crisisNote, { exact: false })).toBeNull();
  });
});
