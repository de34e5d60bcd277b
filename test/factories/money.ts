import { randomUUID } from 'node:crypto';
import type { App } from '#server/app';
import type { TestDatabase } from '../support/database';

type Pool = TestDatabase['pool'];

/** A bare user row (no password, no roles): enough for ledger accounts and money_holds. Fast. */
export async function insertBareUser(pool: Pool): Promise<string> {
  const result = await pool.query<{ id: string }>('insert into users (email) values ($1) returning id', [
    `money-${randomUUID()}@example.test`,
  ]);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('user insert returned no row');
  return id;
}

/** A demo payment row that a provider event can credit. */
export async function insertDemoPayment(pool: Pool, userId: string, amount: number): Promise<string> {
  const providerPaymentId = `demo_pi_${randomUUID()}`;
  await pool.query(
    `insert into payments (user_id, provider, provider_payment_id, amount, currency, status, created_at, updated_at)
     values ($1, 'demo', $2, $3, 'usd', 'created', now(), now())`,
    [userId, providerPaymentId, amount],
  );
  return providerPaymentId;
}

/** Tops up a wallet through the real path: a payment row and wallet.applyPaymentEvent. */
export async function topUpThroughEvent(app: App, pool: Pool, userId: string, amount: number) {
  const providerPaymentId = await insertDemoPayment(pool, userId, amount);
  const event = {
    provider: 'demo' as const,
    eventId: `evt_${randomUUID()}`,
    type: 'payment.succeeded' as const,
    providerPaymentId,
    amount,
    currency: 'usd',
  };
  const result = await app.wallet.applyPaymentEvent(event);
  return { event, result };
}

/** A bare user whose wallet holds `amount` cents, credited through the real top-up path. */
export async function insertFundedUser(app: App, pool: Pool, amount: number): Promise<string> {
  const userId = await insertBareUser(pool);
  if (amount > 0) {
    const { result } = await topUpThroughEvent(app, pool, userId, amount);
    if (result.outcome !== 'applied')
      throw new Error(`the top-up of ${amount} was not applied: ${result.outcome}`);
  }
  return userId;
}

/** Derived balance of a person's account of `kind` (0 when the account does not exist). */
export async function balanceOf(pool: Pool, kind: string, ownerUserId: string | null): Promise<number> {
  const result = await pool.query<{ total: string | null }>(
    `select coalesce(sum(e.amount), 0)::text as total
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.kind = $1 and a.owner_user_id is not distinct from $2`,
    [kind, ownerUserId],
  );
  return Number(result.rows[0]?.total ?? '0');
}
