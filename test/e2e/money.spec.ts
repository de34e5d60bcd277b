import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './lib/test';
import {
  accountFactor,
  mailbox,
  newPage,
  nextCode,
  PASSWORD,
  shots,
  signIn,
  type Account,
  type Session,
} from './lib/journey';
import { releaseCoachEarnings } from './lib/database';
import { approveAndGoOnline, finishedSession, newParty, topUp } from './lib/parties';

/**
 * Money end to end, in a real Chromium against the real server (scripts/e2e-server.mjs: a fresh
 * database, the demo payment provider, the demo mailbox on), with people of its own (new accounts,
 * test/e2e/lib/parties.ts) so no other journey's balances move: a new client tops up with the demo
 * card; a new client, topped up, sends a gift that a brand-new account claims; a new approved coach
 * with a real paid session (its earnings made available by the earnings job's own run once the hold
 * days are let pass) adds a payout method and withdraws with a second factor; the demo financial admin
 * (admins cannot sign up) approves the withdrawal and marks it paid. Screenshots land in
 * test-results/screenshots/money-*.png.
 */

const FINANCE: Account = { email: 'finance@wellspring.demo', password: 'wellspring-demo-finance' };

/** A name no earlier run on this server has used: the admin finds the withdrawal by it. */
const uniqueName = (name: string) => `${name} ${randomUUID().slice(0, 4).toUpperCase()}`;

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function walletBalance(request: APIRequestContext, session: Session): Promise<number> {
  const response = await request.get('/api/wallet', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { balance: number }).balance;
}

async function payWithDemoCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test.describe('money moves through the wallet, gifts, earnings and payouts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client tops up with the demo card and sees the balance', async ({ browser }) => {
    const client = await newParty(browser, 'client', 'Maya Lindgren');
    const { page, session } = client;
    const before = await walletBalance(page.request, session);
    expect(before).toBe(0);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText(dollars(before));

    // A declined test card first: nothing is added, the reason is shown as the provider gave it.
    await page.getByRole('group', { name: 'Amount' }).getByRole('button', { name: '$50.00' }).click();
    await page.getByRole('button', { name: 'Continue with $50.00' }).click();
    await expect(page.getByText('Demo payments — no real money')).toBeVisible();
    await payWithDemoCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $50.00' }).click();
    await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
    await shots(page, 'money', '1-wallet-declined');
    expect(await walletBalance(page.request, session)).toBe(before);

    await payWithDemoCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $50.00' }).click();
    await expect(page.getByText('$50.00 was added to your wallet.')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText(dollars(before + 5_000));
    await expect(page.getByText('Wallet top-up').first()).toBeVisible();
    await shots(page, 'money', '1-wallet-topped-up', { all: true });
    expect(await walletBalance(page.request, session)).toBe(before + 5_000);
    await client.context.close();
  });

  test('a client sends a gift and a new account claims it', async ({ browser }) => {
    const sender = await newParty(browser, 'client', 'Owen Castellano');
    // The gift is $25.00: the wallet holds more than that.
    await topUp(sender, 5_000);
    const { page, session } = sender;
    const before = await walletBalance(page.request, session);
    expect(before).toBe(5_000);
    const recipient = `gift.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.test`;

    await page.goto('/gift');
    await expect(page.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();
    const form = page.getByRole('region', { name: 'Send a gift' });
    await form.getByRole('group', { name: 'Amount' }).getByRole('button', { name: '$25.00' }).click();
    await form.getByLabel("Recipient's email").fill(recipient);
    await form.getByLabel('Message (optional)').fill('For a calm hour with a coach. Happy birthday!');
    await form.getByRole('button', { name: 'Send gift · $25.00' }).click();
    await expect(page.getByText('Gift sent')).toBeVisible();
    const sentGift = page
      .getByRole('region', { name: 'Sent gifts' })
      .getByRole('listitem')
      .filter({ hasText: recipient });
    await expect(sentGift).toBeVisible();
    await shots(page, 'money', '2-gift-sent');
    expect(await walletBalance(page.request, session)).toBe(before - 2_500);

    // The email carries the claim link; the recipient has no account yet.
    let link = '';
    await expect(async () => {
      const message = (await mailbox(page.request)).find(
        (entry) => entry.template === 'gift_received' && entry.recipient === recipient,
      );
      link = /\/gift\?claim=[0-9a-f-]+/.exec(message?.body_text ?? '')?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass();

    const other = await newPage(browser);
    const phone = other.page;
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/auth/);
    await phone.getByRole('tab', { name: 'Create account' }).click();
    await phone.getByLabel('Email or phone number').fill(recipient);
    await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const name = phone.getByLabel(/Full name|Name/);
    if (await name.count()) await name.first().fill('Iris Newcomb');
    await phone
      .getByRole('button', { name: /Create account/ })
      .last()
      .click();
    await expect(phone).toHaveURL(/\/gift\?claim=/, { timeout: 20_000 });
    await expect(phone.getByRole('heading', { name: 'Gifts for you' })).toBeVisible();

    // Gifts are claimed with a confirmed address: the code from the email confirms it.
    let code = '';
    await expect(async () => {
      const message = (await mailbox(phone.request)).find(
        (entry) => entry.recipient === recipient && entry.template.startsWith('auth_'),
      );
      code = /\b(\d{6})\b/.exec(message?.body_text ?? '')?.[1] ?? '';
      expect(code).not.toBe('');
    }).toPass();
    await phone.getByLabel('Code from the email').fill(code);
    await phone.getByRole('button', { name: 'Confirm email' }).click();
    const claim = phone.getByRole('button', { name: /^Claim/ });
    await expect(claim).toBeVisible();
    await shots(phone, 'money', '2-gift-claimable', { all: true });
    await claim.click();
    await expect(phone.getByText('Gift claimed — $25.00 added to your wallet')).toBeVisible();
    await shots(phone, 'money', '2-gift-claimed');

    await phone.goto('/wallet');
    await expect(phone.getByTestId('wallet-balance')).toHaveText('$25.00');
    await expect(phone.getByText('Gift received')).toBeVisible();
    await other.context.close();

    // The sender sees it claimed; nothing more left their wallet.
    await page.reload();
    await expect(sentGift.getByText('Claimed')).toBeVisible();
    expect(await walletBalance(page.request, session)).toBe(before - 2_500);
    await sender.context.close();
  });

  test('a coach withdraws earnings with a second factor and a financial admin approves and pays it', async ({
    browser,
  }) => {
    // ---- Earnings of a new approved coach: a real paid session, ended, then the hold days let pass.
    const coachName = uniqueName('Rowan Adeyemi');
    const coach = await newParty(browser, 'coach', coachName);
    await approveAndGoOnline(coach, coachName);
    const client = await newParty(browser, 'client', 'Lucia Ferrante');
    await topUp(client, 20_000);
    await finishedSession(coach, client, { format: 'text', purpose: 'Planning a calmer week' });
    await client.context.close();
    // A hold the server's own run holds at that moment is skipped (FOR UPDATE SKIP LOCKED): ask again.
    await expect.poll(() => releaseCoachEarnings(coach.session.user.id)).toBe(0);

    // ---- The coach: a payout method, then a withdrawal confirmed with the authenticator.
    const coachFactor = await accountFactor(coach.context.request, {
      email: coach.email,
      password: PASSWORD,
    });
    let page = coach.page;
    await page.goto('/cards');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('Account holder name').fill(coachName);
    await page.getByLabel('Bank name').fill('Harbor Credit Union');
    await page.getByLabel('Routing number').fill('021000021');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Add bank account' }).click();
    await expect(page.getByText('Harbor Credit Union ••6789').first()).toBeVisible();
    await shots(page, 'money', '3-payout-method');

    await page.goto('/revenue');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue' })).toBeVisible();
    // The session's earnings, past the hold days, were made available by the earnings job's run.
    const available = page.getByTestId('earnings-available');
    await expect(available).toBeVisible();
    expect(Number((await available.innerText()).replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(25);
    await expect(page.getByRole('img', { name: /: \$/ }).first()).toBeVisible();
    await shots(page, 'money', '3-revenue', { all: true });

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw earnings' });
    await dialog.getByLabel('Amount (USD)').fill('5');
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(dialog.getByText('The smallest withdrawal is $20.00.')).toBeVisible();
    await dialog.getByLabel('Amount (USD)').fill('25.00');
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    // The session is aal1: the second factor is asked for, then the same request goes through.
    await dialog.getByRole('textbox', { name: 'Authenticator code' }).fill(await nextCode(page, coachFactor));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/withdrawal\/success\?id=/);
    await expect(page.getByTestId('withdrawal-amount')).toHaveText('$25.00');
    await shots(page, 'money', '3-withdrawal-success', { all: true });

    // ---- The financial admin: second factor, approve, then mark paid with the transfer reference.
    const finance = await newPage(browser);
    const financeFactor = await accountFactor(finance.context.request, FINANCE);
    page = finance.page;
    await signIn(page, FINANCE);
    await page.goto('/admin/revenue');
    await page.getByLabel('Authenticator code').fill(await nextCode(page, financeFactor));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Coach withdrawals' })).toBeVisible();
    const request = page.getByRole('listitem', { name: `$25.00 for ${coachName}` });
    await expect(request).toBeVisible();
    await shots(page, 'money', '4-admin-requested');
    await request.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(request).toBeHidden();

    await page.getByRole('tab', { name: /Approved/ }).click();
    const approved = page.getByRole('listitem', { name: `$25.00 for ${coachName}` });
    await expect(approved.getByText('000123456789')).toBeVisible();
    await approved.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByLabel('Payment reference').fill('WIRE-20261121-0001');
    await page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    await expect(approved).toBeHidden();
    await page.getByRole('tab', { name: /Paid/ }).click();
    await expect(page.getByRole('listitem', { name: `$25.00 for ${coachName}` })).toBeVisible();
    await shots(page, 'money', '4-admin-paid');

    // ---- The coach sees it paid.
    page = coach.page;
    await page.goto('/revenue');
    await expect(page.getByText('Paid').first()).toBeVisible();
    await coach.context.close();
    await finance.context.close();
  });
});
