import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { SAFETY_TEXTS } from '#contracts/messages';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import { checkAccessibility, expect, test } from './lib/test';
import { mailbox, PASSWORD, shots, type MailboxMessage } from './lib/journey';
import { approveAndGoOnline, approveCoach, bearer, newParty, topUp } from './lib/parties';

/**
 * Messages between sessions (#17), two people in two browser contexts:
 * - a client writes to a coach from the coach's page, the coach answers live (typing, read receipts),
 *   and both navigations' unread counts move;
 * - a declined request's 'Send Message' (the client's notification stack) opens the conversation, and
 *   the stack and /notifications show the same notification and follow each other's read and dismiss;
 * - a block stops the next message with the server's clear words; Settings unblocks;
 * - a visitor without an account writes from the coach's website, the answer reaches them by email
 *   (the demo mailbox), and its link lets them sign up, confirm the address and go on as a client.
 *
 * People are new accounts made through the API; a coach's approval is the one row written straight
 * into the throwaway database (test/e2e/lib/parties.ts). Everything else goes through the app.
 */

/** Waits that cross a socket, or a screen's first load in a new context, on a busy 2-core machine. */
const LIVE = { timeout: 15_000 };
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CONVERSATION_URL = new RegExp(`/chat/(${UUID})$`);

/** The navigation's entry (sidebar at 1280 px): "Messages" or "Messages, 3 unread". */
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

const messageLog = (page: Page, otherName: string) =>
  page.getByRole('region', { name: `Messages with ${otherName}` });

/** Writes in the open conversation's box and sends with Enter. */
async function send(page: Page, otherName: string, text: string) {
  const box = page.getByLabel(`Message to ${otherName}`);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The message in the log with this text (the newest such). */
const messageIn = (log: Locator, text: string) => log.getByTestId('message').filter({ hasText: text }).last();

/** The conversation's id from the page's address (/chat/<id>). */
function conversationIdOf(page: Page): string {
  const id = CONVERSATION_URL.exec(new URL(page.url()).pathname)?.[1];
  expect(id, `a conversation address: ${page.url()}`).toBeTruthy();
  return id as string;
}

test.describe('messages between sessions', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client writes from the coach page, the coach answers live; both unread counts move', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Zara Whitfield');
    await approveCoach(coach, 'Zara Whitfield');
    const client = await newParty(browser, 'client', 'Lena Fischer');

    // The coach waits in Messages: nothing yet.
    await coach.page.goto('/messages');
    await expect(coach.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible(LIVE);
    await expect(coach.page.getByText('No messages yet')).toBeVisible();
    await expect(navLink(coach.page, 'Messages')).toBeVisible();
    await shots(coach.page, 'messages', '01-coach-empty', { all: true });

    // The client finds "Message" on the coach's page (it accepts the user id).
    await client.page.goto(`/coach/${coach.session.user.id}`);
    await client.page.getByRole('button', { name: 'Message Zara Whitfield' }).click();
    await expect(client.page).toHaveURL(CONVERSATION_URL, LIVE);
    const conversationId = conversationIdOf(client.page);
    const clientLog = messageLog(client.page, 'Zara Whitfield');
    await expect(clientLog.getByText('No messages yet')).toBeVisible();
    await expect(client.page.getByText(SAFETY_TEXTS.crisisNote)).toBeVisible();
    await shots(client.page, 'messages', '02-client-new-conversation', { all: true });

    const first = 'Hi Zara, could we talk about my evening routine before we book?';
    await send(client.page, 'Zara Whitfield', first);
    await expect(messageIn(clientLog, first)).toHaveAttribute('data-status', 'sent');

    // The coach's list and navigation change without a reload.
    const coachList = coach.page.getByTestId('conversation-list');
    const row = coachList.getByRole('link', { name: /Lena Fischer/ });
    await expect(row).toContainText(first, LIVE);
    await expect(row).toContainText('1 unread message');
    await expect(navLink(coach.page, 'Messages, 1 unread')).toBeVisible();
    await shots(coach.page, 'messages', '03-coach-list-unread', { all: true });

    // Opened, it is read: the coach's count goes, the client sees "Read" under their message.
    await row.click();
    await expect(coach.page).toHaveURL(`/chat/${conversationId}`);
    const coachLog = messageLog(coach.page, 'Lena Fischer');
    await expect(messageIn(coachLog, first)).toBeVisible();
    await expect(navLink(coach.page, 'Messages')).toBeVisible(LIVE);
    await expect(row).not.toContainText('unread');
    await expect(messageIn(clientLog, first)).toContainText('Read', LIVE);

    // The coach types: the client is told; the answer arrives and the hint goes.
    const answer = 'Of course, Lena. What does a usual evening look like for you?';
    await coach.page.getByLabel('Message to Lena Fischer').fill(answer);
    await expect(client.page.getByTestId('conversation-typing')).toHaveText(
      'Zara Whitfield is typing…',
      LIVE,
    );
    await coach.page.getByLabel('Message to Lena Fischer').press('Enter');
    await expect(messageIn(clientLog, answer)).toBeVisible(LIVE);
    await expect(client.page.getByTestId('conversation-typing')).toHaveCount(0);
    await expect(messageIn(coachLog, answer)).toContainText('Read', LIVE);
    await shots(client.page, 'messages', '04-client-conversation', { all: true });
    await shots(coach.page, 'messages', '05-coach-conversation', { all: true });

    // Away from the conversation: the coach's answer is also a notification on the client's stack
    // ('View Message' to the conversation), and the navigation counts the coach's next message.
    await client.page.goto('/client-portal');
    await expect(client.page.getByRole('heading', { level: 1 })).toBeVisible(LIVE);
    const card = client.page
      .getByRole('region', { name: 'Session notifications' })
      .getByRole('article', { name: NOTIFICATION_TEXTS.coachMessage.title('Zara Whitfield') });
    await expect(card).toContainText(answer, LIVE);
    await expect(card.getByRole('link', { name: NOTIFICATION_TEXTS.coachMessage.action })).toHaveAttribute(
      'href',
      `/chat/${conversationId}`,
    );
    await expect(navLink(client.page, 'Messages')).toBeVisible();
    const second = 'And when do you usually go to bed?';
    await send(coach.page, 'Lena Fischer', second);
    await expect(messageIn(coachLog, second)).toHaveAttribute('data-status', 'sent');
    await expect(navLink(client.page, 'Messages, 1 unread')).toBeVisible(LIVE);

    // The client follows it: the list, the conversation, and the count is gone.
    await navLink(client.page, 'Messages, 1 unread').click();
    await expect(client.page).toHaveURL('/messages');
    const clientRow = client.page
      .getByTestId('conversation-list')
      .getByRole('link', { name: /Zara Whitfield/ });
    await expect(clientRow).toContainText(second);
    await expect(clientRow).toContainText('1 unread message');
    await shots(client.page, 'messages', '06-client-list-unread', { all: true });
    await clientRow.click();
    await expect(messageIn(clientLog, second)).toBeVisible();
    await expect(navLink(client.page, 'Messages')).toBeVisible(LIVE);
    await expect(messageIn(coachLog, second)).toContainText('Read', LIVE);

    await coach.context.close();
    await client.context.close();
  });

  test("a declined request's 'Send Message' opens the conversation; the stack and /notifications agree", async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Helena Varga');
    await approveAndGoOnline(coach, 'Helena Varga');
    const client = await newParty(browser, 'client', 'Tomas Berg');
    await topUp(client, 10_000);

    // Two tabs of the client: home (the stack) and /notifications.
    const home = client.page;
    await home.goto('/client-portal');
    await expect(home.getByRole('heading', { level: 1 })).toBeVisible(LIVE);
    const list = await client.context.newPage();
    await list.goto('/notifications');
    await expect(list.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible(LIVE);
    await expect(list.getByText("You're all caught up")).toBeVisible();

    // The client asks for a session now; the coach declines (both through the API).
    const requested = await client.page.request.post('/api/session-requests', {
      headers: { ...bearer(client.session), 'idempotency-key': randomUUID() },
      data: {
        coach_id: coach.session.user.id,
        format: 'text',
        duration_minutes: 30,
        purpose: 'Sleep better',
      },
    });
    expect(requested.status(), await requested.text()).toBe(201);
    const { id: requestId } = (await requested.json()) as { id: string };
    const declined = await coach.page.request.post(`/api/session-requests/${requestId}/decline`, {
      headers: bearer(coach.session),
    });
    expect(declined.status(), await declined.text()).toBe(200);

    // The stack (SPEC §4/§8) and the list show the same notification, live, unread in both.
    const texts = NOTIFICATION_TEXTS.sessionRejected;
    const stack = home.getByRole('region', { name: 'Session notifications' });
    const card = stack.getByRole('article', { name: texts.title });
    await expect(card).toContainText(texts.message, LIVE);
    await expect(card).toContainText('Helena Varga');
    const sendMessage = card.getByRole('link', { name: texts.action });
    await expect(sendMessage).toHaveAttribute('href', `/chat?with=${coach.session.user.id}`);
    await expect(navLink(home, 'Notifications, 1 unread')).toBeVisible(LIVE);

    const row = list.getByTestId('notification').filter({ hasText: texts.title });
    await expect(row).toContainText(texts.message, LIVE);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row.getByRole('link', { name: texts.action })).toHaveAttribute(
      'href',
      `/chat?with=${coach.session.user.id}`,
    );
    await expect(list.getByText('1 unread', { exact: true })).toBeVisible();
    await expect(list.getByTestId('notification')).toHaveCount(1);
    await shots(home, 'messages', '07-client-stack-declined', { all: true, fullPage: false });
    await shots(list, 'messages', '08-client-notifications-unread', { all: true });

    // 'Send Message' on the stack: the conversation with the coach opens, and the notification is read
    // in the other tab too.
    await sendMessage.click();
    await expect(home).toHaveURL(CONVERSATION_URL, LIVE);
    await expect(home.getByRole('heading', { level: 2, name: 'Helena Varga' })).toBeVisible();
    await expect(home.getByLabel('Message to Helena Varga')).toBeVisible();
    await expect(row).not.toHaveAttribute('data-unread', 'true', LIVE);
    await expect(list.getByText('Nothing unread.')).toBeVisible();
    await expect(navLink(list, 'Notifications')).toBeVisible();
    await expect(navLink(home, 'Notifications')).toBeVisible();
    await shots(list, 'messages', '09-client-notifications-read', { all: true });

    // The coach sees the conversation the client starts there.
    const text = 'Sorry it did not work today. Could we find another time this week?';
    await send(home, 'Helena Varga', text);
    await coach.page.goto('/messages');
    await expect(
      coach.page.getByTestId('conversation-list').getByRole('link', { name: /Tomas Berg/ }),
    ).toContainText(text, LIVE);

    // Home again: the read card is still on the stack (reading is not dismissing); dismissed there,
    // it leaves the stack in every tab and stays listed on /notifications.
    await home.goto('/client-portal');
    await expect(card).toBeVisible(LIVE);
    await card.getByRole('button', { name: `Dismiss: ${texts.title}` }).click();
    await expect(stack).toHaveCount(0);
    await expect(row).toBeVisible();
    await expect(list.getByTestId('notification')).toHaveCount(1);
    await list.reload();
    await expect(list.getByTestId('notification').filter({ hasText: texts.title })).toBeVisible(LIVE);
    await home.reload();
    await expect(home.getByRole('heading', { level: 1 })).toBeVisible(LIVE);
    await expect(navLink(home, 'Notifications')).toBeVisible();
    await expect(stack).toHaveCount(0);

    await coach.context.close();
    await client.context.close();
  });

  test('a block stops the next message with a clear message; Settings unblocks', async ({ browser }) => {
    const coach = await newParty(browser, 'coach', 'Jonas Weber');
    await approveCoach(coach, 'Jonas Weber');
    const client = await newParty(browser, 'client', 'Mira Santos');

    // A conversation with one message (started and written through the API).
    const started = await client.page.request.post('/api/conversations', {
      headers: bearer(client.session),
      data: { coach_id: coach.session.user.id },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { id: conversationId } = ((await started.json()) as { conversation: { id: string } }).conversation;
    const hello = 'Hello Jonas, I have a question about your programs.';
    const written = await client.page.request.post(`/api/conversations/${conversationId}/messages`, {
      headers: bearer(client.session),
      data: { id: randomUUID(), content: hello },
    });
    expect(written.status(), await written.text()).toBe(201);

    await client.page.goto(`/chat/${conversationId}`);
    const clientLog = messageLog(client.page, 'Jonas Weber');
    await expect(messageIn(clientLog, hello)).toBeVisible(LIVE);
    await coach.page.goto(`/chat/${conversationId}`);
    const coachLog = messageLog(coach.page, 'Mira Santos');
    await expect(messageIn(coachLog, hello)).toBeVisible(LIVE);

    // The coach blocks the client from the conversation's menu (asked first).
    await coach.page.getByRole('button', { name: 'Options for your conversation with Mira Santos' }).click();
    await coach.page.getByRole('menuitem', { name: 'Block Mira Santos' }).click();
    const ask = coach.page.getByRole('alertdialog', { name: 'Block Mira Santos?' });
    await expect(ask).toContainText('will not be able to send you messages or session requests');
    await checkAccessibility(coach.page, 'block dialog');
    await shots(coach.page, 'messages', '10-coach-block-dialog', { all: true, fullPage: false });
    await ask.getByRole('button', { name: 'Block Mira Santos' }).click();
    await expect(ask).toHaveCount(0);
    await expect(coach.page.getByText('You blocked Mira Santos')).toBeVisible();
    // The box gives way to why nothing can be sent, with the way to Settings.
    await expect(coach.page.getByTestId('blocked-notice')).toContainText(SAFETY_TEXTS.blockedByYou);
    await expect(coach.page.getByLabel('Message to Mira Santos')).toHaveCount(0);
    await expect(messageIn(coachLog, hello)).toBeVisible();
    await shots(coach.page, 'messages', '11-coach-blocked', { all: true });

    // The client's next message is refused in the server's words: a toast and above the box.
    const refused = 'Are you still there?';
    await send(client.page, 'Jonas Weber', refused);
    await expect(client.page.getByTestId('blocked-notice')).toHaveText(SAFETY_TEXTS.blockedByOther, LIVE);
    const toast = client.page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
    await expect(toast).toContainText('Error sending message');
    await expect(toast).toContainText(SAFETY_TEXTS.blockedByOther);
    const notSent = messageIn(clientLog, refused);
    await expect(notSent).toHaveAttribute('data-status', 'failed');
    await expect(notSent).toContainText('Not sent');
    await shots(client.page, 'messages', '12-client-refused-by-block', { all: true });
    await expect(messageIn(coachLog, refused)).toHaveCount(0);

    // "Go to Settings": Blocked people lists the client; Unblock.
    await coach.page.getByRole('link', { name: 'Go to Settings' }).click();
    await expect(coach.page).toHaveURL('/settings#blocked-people');
    const blocked = coach.page.getByRole('list', { name: 'People you blocked' });
    await expect(blocked).toContainText('Mira Santos', LIVE);
    await shots(coach.page, 'messages', '13-coach-settings-blocked', { all: true });
    await blocked.getByRole('button', { name: 'Unblock Mira Santos' }).click();
    await expect(coach.page.getByText('Unblocked. They can write to you again.')).toBeVisible();
    await expect(coach.page.getByText('You have not blocked anyone.', { exact: false })).toBeVisible();

    // The client's Retry sends the same message now; the coach reads it.
    await coach.page.goto(`/chat/${conversationId}`);
    await expect(coach.page.getByLabel('Message to Mira Santos')).toBeVisible(LIVE);
    await notSent.getByRole('button', { name: 'Retry sending this message' }).click();
    await expect(messageIn(clientLog, refused)).toHaveAttribute('data-status', 'sent');
    await expect(messageIn(coachLog, refused)).toBeVisible(LIVE);

    await coach.context.close();
    await client.context.close();
  });

  test("a visitor writes from the coach's website, the answer comes by email, and they go on after signing up", async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Sofia Lindgren');
    await approveCoach(coach, 'Sofia Lindgren');
    await coach.page.goto('/messages');
    await expect(coach.page.getByText('No messages yet')).toBeVisible(LIVE);

    // A visitor: a context of their own, not signed in.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitor = await visitorContext.newPage();
    const email = `visitor-${randomUUID()}@example.test`;
    await visitor.goto(`/coach/${coach.session.user.id}/website`);
    const contact = visitor.getByRole('region', { name: 'Get in touch' });
    await expect(contact).toBeVisible(LIVE);
    await contact.getByRole('button', { name: 'Send a message' }).click();
    const form = visitor.getByRole('dialog', { name: 'Message Sofia Lindgren' });
    await form.getByLabel('Your name').fill('Ada Moreau');
    await form.getByLabel('Your email').fill(email);
    const inquiry = 'Hello Sofia, do you also coach people who work night shifts?';
    await form.getByLabel('Message', { exact: true }).fill(inquiry);
    await checkAccessibility(visitor, 'visitor message dialog');
    await shots(visitor, 'messages', '14-visitor-form', { all: true, fullPage: false });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toHaveText(
      `Your message was sent to Sofia Lindgren. Their answer will come to ${email}.`,
      LIVE,
    );
    await shots(visitor, 'messages', '15-visitor-sent', { all: true, fullPage: false });
    await form.getByRole('button', { name: 'Done' }).click();

    // The coach sees it arrive, opens it, and answers.
    const row = coach.page.getByTestId('conversation-list').getByRole('link', { name: /Ada Moreau/ });
    await expect(row).toContainText(inquiry, LIVE);
    await row.click();
    await expect(coach.page).toHaveURL(CONVERSATION_URL);
    const conversationId = conversationIdOf(coach.page);
    await expect(coach.page.getByText('Visitor · answers go by email')).toBeVisible();
    const coachLog = messageLog(coach.page, 'Ada Moreau');
    await expect(messageIn(coachLog, inquiry)).toBeVisible();
    const answer = 'Hi Ada, yes: I work with several nurses on shifting sleep. Happy to talk.';
    await send(coach.page, 'Ada Moreau', answer);
    await expect(messageIn(coachLog, answer)).toHaveAttribute('data-status', 'sent');
    await shots(coach.page, 'messages', '16-coach-visitor-conversation', { all: true });

    // The answer's email, with the link to continue.
    let answerEmail: MailboxMessage | undefined;
    await expect
      .poll(async () => {
        answerEmail = (await mailbox(visitor.request)).find(
          (entry) => entry.recipient === email && entry.template === 'inquiry_answer',
        );
        return answerEmail?.body_text ?? '';
      }, LIVE)
      .toContain(answer);
    expect(answerEmail?.subject).toBe('Sofia Lindgren answered your message');
    const link = /https?:\/\/\S+\/chat\?inquiry=\S+/.exec(answerEmail?.body_text ?? '')?.[0] ?? '';
    expect(link, 'the link to continue').not.toBe('');
    const continuePath = `${new URL(link).pathname}${new URL(link).search}`;
    expect(continuePath).toBe(`/chat?inquiry=${conversationId}`);

    // Not signed in, the link asks them to sign in first, and comes back after.
    await visitor.goto(continuePath);
    await expect(visitor).toHaveURL(/\/auth\?redirect=/, LIVE);
    expect(new URL(visitor.url()).searchParams.get('redirect')).toBe(continuePath);
    await visitor.getByRole('tab', { name: 'Create account' }).click();
    await visitor.getByLabel('Email or phone number').fill(email);
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await expect(visitor).toHaveURL(continuePath, LIVE);

    // The address is not confirmed yet: the code from the sign-up email confirms it right there.
    const codeField = visitor.getByLabel('Code from the email');
    await expect(codeField).toBeVisible(LIVE);
    await shots(visitor, 'messages', '17-visitor-confirm-address', { all: true });
    let code = '';
    await expect
      .poll(async () => {
        const message = (await mailbox(visitor.request)).find(
          (entry) => entry.recipient === email && entry.template === 'auth_confirmation',
        );
        code = /\b(\d{6})\b/.exec(message?.body_text ?? '')?.[1] ?? '';
        return code;
      }, LIVE)
      .toMatch(/^\d{6}$/);
    await codeField.fill(code);
    await visitor.getByRole('button', { name: 'Confirm email' }).click();

    // Their conversation opens with the coach's answer, and they answer as a client now.
    await expect(visitor).toHaveURL(`/chat/${conversationId}`, LIVE);
    const visitorLog = messageLog(visitor, 'Sofia Lindgren');
    await expect(messageIn(visitorLog, inquiry)).toBeVisible(LIVE);
    await expect(messageIn(visitorLog, answer)).toBeVisible();
    const reply = 'Wonderful, thank you! I have signed up, so we can talk here now.';
    await send(visitor, 'Sofia Lindgren', reply);
    await expect(messageIn(visitorLog, reply)).toHaveAttribute('data-status', 'sent');
    await shots(visitor, 'messages', '18-visitor-continues-as-client', { all: true });
    await expect(messageIn(coachLog, reply)).toBeVisible(LIVE);
    // No longer a visitor: the coach's open screen is told of the claim, its header says a client now.
    await expect(coach.page.getByText('Visitor · answers go by email')).toHaveCount(0, LIVE);
    await expect(coach.page.getByRole('main').getByText('Client', { exact: true })).toBeVisible();
    // And so it stays when opened again.
    await coach.page.goto(`/chat/${conversationId}`);
    await expect(messageIn(coachLog, reply)).toBeVisible(LIVE);
    await expect(coach.page.getByRole('main').getByText('Client', { exact: true })).toBeVisible();

    await coach.context.close();
    await visitorContext.close();
  });
});
