import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../domain/clock';
import { cents } from '../../domain/money/cents';
import type { SessionFormat } from '../../domain/money/pricing';
import { createLedgerRepository } from '../modules/ledger/ledger.repository';
import { createLedgerService } from '../modules/ledger/ledger.service';
import { createSettlementRepository } from '../modules/settlement/settlement.repository';
import { createSettlementService } from '../modules/settlement/settlement.service';
import type { Database } from './client';
import { appMeta, payments, users } from './schema/index';

const SEED_KEY = 'demo_money_seed';
const DAY = 24 * 60 * 60 * 1000;

/** The demo client's history: past paid sessions (days ago, coach email, format, minutes). */
const PAST_SESSIONS: [daysAgo: number, coachEmail: string, format: SessionFormat, minutes: number][] = [
  [74, 'coach@wellspring.demo', 'video', 30],
  [66, 'coach@wellspring.demo', 'video', 45],
  [58, 'amara.okafor@coaches.wellspring.demo', 'audio', 30],
  [51, 'coach@wellspring.demo', 'text', 30],
  [44, 'coach@wellspring.demo', 'video', 30],
  [37, 'kenji.watanabe@coaches.wellspring.demo', 'video', 60],
  [30, 'coach@wellspring.demo', 'audio', 30],
  [23, 'coach@wellspring.demo', 'video', 60],
  [16, 'amara.okafor@coaches.wellspring.demo', 'text', 15],
  [12, 'coach@wellspring.demo', 'video', 30],
  [9, 'coach@wellspring.demo', 'text', 45],
  [5, 'coach@wellspring.demo', 'video', 30],
  [3, 'kenji.watanabe@coaches.wellspring.demo', 'audio', 30],
  [2, 'coach@wellspring.demo', 'audio', 45],
  [1, 'coach@wellspring.demo', 'video', 30],
];

/**
 * Demo money, once per database (its own marker): the demo client's top-ups and past paid sessions
 * with the demo coaches, through the real ledger and settlement services on a clock moved to each
 * moment, so wallets, coach earnings (pending and, after the earnings job, available) and platform
 * revenue have a history. All in one transaction.
 */
export async function seedDemoMoney(db: Database, now: Date): Promise<boolean> {
  let current = new Date(now.getTime() - 80 * DAY);
  const clock: Clock = { now: () => current };
  const ledger = createLedgerService({ repository: createLedgerRepository(), clock });
  const settlement = createSettlementService({
    db,
    repository: createSettlementRepository(),
    ledger,
    clock,
  });

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: { seededAt: now.toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    const emails = ['client@wellspring.demo', ...new Set(PAST_SESSIONS.map(([, email]) => email))];
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    const idOf = new Map(rows.map((row) => [row.email, row.id]));
    const clientId = idOf.get('client@wellspring.demo');
    if (!clientId) return false;

    const topUp = async (amount: number) => {
      const [payment] = await tx
        .insert(payments)
        .values({
          userId: clientId,
          provider: 'demo',
          providerPaymentId: `demo_pi_${randomUUID()}`,
          amount,
          currency: 'usd',
          status: 'succeeded',
          createdAt: current,
          updatedAt: current,
        })
        .returning({ id: payments.id });
      if (!payment) throw new Error('demo payment insert returned nothing');
      const clearing = await ledger.ensureAccount(tx, 'provider_clearing', null);
      const wallet = await ledger.ensureAccount(tx, 'client_wallet', clientId);
      await ledger.post(tx, {
        kind: 'top_up',
        reference: { type: 'payment', id: payment.id },
        entries: [
          { accountId: clearing.id, amount: cents(-amount) },
          { accountId: wallet.id, amount: cents(amount) },
        ],
        metadata: { provider: 'demo', seed: true },
      });
    };

    await topUp(150_000);
    for (const [daysAgo, coachEmail, format, minutes] of PAST_SESSIONS) {
      const coachId = idOf.get(coachEmail);
      if (!coachId) continue;
      current = new Date(now.getTime() - daysAgo * DAY - 3 * 60 * 60 * 1000);
      const quote = await settlement.quote({ coachId, format, minutes }, tx);
      const reference = { type: 'demo_session', id: randomUUID() };
      await settlement.hold(tx, {
        clientId,
        coachId,
        reference,
        amount: quote.final,
        format,
        durationMinutes: minutes,
      });
      current = new Date(current.getTime() + minutes * 60 * 1000);
      await settlement.capture(tx, reference);
    }
    current = new Date(now.getTime() - 6 * 60 * 60 * 1000);
    await topUp(10_000); // 1 600.00 topped up in all (the seed test checks it)
    // The seeded coach users exist: make sure nothing above silently skipped the demo coach.
    const [coach] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'coach@wellspring.demo'));
    return coach !== undefined;
  });
}
