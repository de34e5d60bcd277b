import { randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { withE2eDatabase } from './database';
import { newPage, signUp, type Session } from './journey';

/**
 * People for the session-room journeys (calls, reviews, follow-ups): brand-new accounts made through
 * the API, each in its own browser context, so no demo account is shared with other specs. A coach's
 * approval is the one row written straight into the throwaway database (an admin's approval needs a
 * second factor, which the admin journeys own); sessions are real: the client's request holds money
 * and the coach accepts it.
 */
export type Party = { context: BrowserContext; page: Page; session: Session; email: string };

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });

/**
 * A new account with `role` (assigned on /auth, SPEC §2), signed in in its own browser context (whose
 * clock shows `timezoneId`, UTC unless given).
 */
export async function newParty(
  browser: Browser,
  role: 'coach' | 'client',
  fullName: string,
  options: { timezoneId?: string } = {},
): Promise<Party> {
  const { context, page } = await newPage(browser, options);
  const email = `${role}-${randomUUID()}@example.test`;
  const session = await signUp(page, email, { full_name: fullName, role });
  await page.goto('/auth');
  // The app's first load in a new context (a busy machine may take several seconds), then the redirect home.
  await expect(page).toHaveURL(role === 'coach' ? /\/portal$/ : /\/client-portal$/, { timeout: 15_000 });
  return { context, page, session, email };
}

/** Credits the wallet through the demo card (the wallet journey covers the form). */
export async function topUp(party: Party, amount: number) {
  const created = await party.page.request.post('/api/wallet/top-ups', {
    headers: { ...bearer(party.session), 'idempotency-key': randomUUID() },
    data: { amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { payment_id: id } = (await created.json()) as { payment_id: string };
  const paid = await party.page.request.post(`/api/wallet/top-ups/${id}/demo-confirm`, {
    headers: { ...bearer(party.session), 'idempotency-key': randomUUID() },
    data: { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** An approved coach (the approval row and the profile's name written directly). */
export async function approveCoach(coach: Party, fullName: string) {
  await withE2eDatabase(async (db) => {
    await db.query(
      `insert into coach_applications (user_id, status, experience, bio) values ($1, 'approved', 'Years of practice', 'Bio')`,
      [coach.session.user.id],
    );
    await db.query(
      `insert into profiles (user_id, full_name) values ($1, $2) on conflict (user_id) do update set full_name = $2`,
      [coach.session.user.id, fullName],
    );
  });
}

/** An approved coach who is online (the approval row written directly; going online through the API). */
export async function approveAndGoOnline(coach: Party, fullName: string) {
  await approveCoach(coach, fullName);
  const online = await coach.page.request.put('/api/me/presence', {
    headers: bearer(coach.session),
    data: { is_online: true },
  });
  expect(online.status(), await online.text()).toBe(200);
}

/** A live session: the client's instant request (money held), the coach accepts. Its id. */
export async function liveSession(
  coach: Party,
  client: Party,
  input: { format: 'text' | 'audio' | 'video'; purpose: string; minutes?: number },
): Promise<string> {
  const requested = await client.page.request.post('/api/session-requests', {
    headers: { ...bearer(client.session), 'idempotency-key': randomUUID() },
    data: {
      coach_id: coach.session.user.id,
      format: input.format,
      duration_minutes: input.minutes ?? 30,
      purpose: input.purpose,
    },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const { id: requestId } = (await requested.json()) as { id: string };
  const accepted = await coach.page.request.post(`/api/session-requests/${requestId}/accept`, {
    headers: bearer(coach.session),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return ((await accepted.json()) as { session: { id: string } }).session.id;
}

/** A finished session: live, then ended by the coach. Its id. */
export async function finishedSession(
  coach: Party,
  client: Party,
  input: { format: 'text' | 'audio' | 'video'; purpose: string },
): Promise<string> {
  const sessionId = await liveSession(coach, client, input);
  const ended = await coach.page.request.post(`/api/sessions/${sessionId}/end`, {
    headers: bearer(coach.session),
  });
  expect(ended.status(), await ended.text()).toBe(200);
  return sessionId;
}
