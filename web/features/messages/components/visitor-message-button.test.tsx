import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INQUIRY_TEXTS } from '#contracts/messages';
import { apiError, type StubRoutes } from '#web/test/api';
import { renderWithProviders } from '#web/test/render';
import { VisitorMessageButton } from './visitor-message-button';

const COACH_ID = '11111111-1111-4111-8111-111111111111';
const URL = `POST /api/coaches/${COACH_ID}/inquiries`;

function open(routes: StubRoutes) {
  const rendered = renderWithProviders(<VisitorMessageButton coachId={COACH_ID} coachName="Lena Ortiz" />, {
    api: routes,
  });
  return rendered.api;
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, content = 'Do you work with sleep?') {
  await user.click(screen.getByRole('button', { name: 'Send a message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Message Lena Ortiz' });
  await user.type(within(dialog).getByLabelText('Your name'), 'Sam Visitor');
  await user.type(within(dialog).getByLabelText('Your email'), 'sam@example.test');
  await user.type(within(dialog).getByLabelText('Message'), content);
  await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
  return dialog;
}

const inquiries = (api: ReturnType<typeof open>) =>
  api
    .callsTo('POST', `/api/coaches/${COACH_ID}/inquiries`)
    .map((call) => call.body as Record<string, string>);

describe('a visitor writes to a coach without an account', () => {
  it("sends name, email and message with one browser-made id and shows the server's confirmation", async () => {
    const user = userEvent.setup();
    const api = open({
      [URL]: { status: 202, body: { message: INQUIRY_TEXTS.sent('Lena Ortiz', 'sam@example.test') } },
    });
    const dialog = await fillAndSend(user);
    expect(
      await within(dialog).findByText(INQUIRY_TEXTS.sent('Lena Ortiz', 'sam@example.test')),
    ).toBeInTheDocument();
    const [sent, ...more] = inquiries(api);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      name: 'Sam Visitor',
      email: 'sam@example.test',
      content: 'Do you work with sleep?',
      website: '',
    });
    expect(sent?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the id on a retry after a failure, and says what went wrong', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = open({
      [URL]: () =>
        fail
          ? apiError(429, 'RATE_LIMITED', INQUIRY_TEXTS.tooMany)
          : { status: 202, body: { message: 'Sent.' } },
    });
    const dialog = await fillAndSend(user);
    expect(await within(dialog).findByText(INQUIRY_TEXTS.tooMany)).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText('Sent.')).toBeInTheDocument();
    const [first, second] = inquiries(api);
    expect(second?.id).toBe(first?.id);
  });

  it('checks the fields before sending (the contract’s messages) and sends nothing', async () => {
    const user = userEvent.setup();
    const api = open({ [URL]: { status: 202, body: { message: 'Sent.' } } });
    await user.click(screen.getByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Lena Ortiz' });
    await user.type(within(dialog).getByLabelText('Your email'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText('Tell the coach your name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a message first.')).toBeInTheDocument();
    expect(inquiries(api)).toEqual([]);
    // The bots' field is out of reach for people: not focusable, hidden from assistive technology.
    const trap = within(dialog).getByLabelText('Website', { selector: 'input' });
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
