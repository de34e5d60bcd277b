import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { DemoConfirmBody, Payment, TopUp, Wallet, WalletTransaction } from '#contracts/wallet';
import { demoCardOutcome, demoPaymentEvent } from '#server/adapters/payments/demo-provider';
import type { PaymentEvent, PaymentProvider } from '#server/adapters/payments/payment-provider';
import type { Database, DbExecutor } from '#server/db/client';
import type { LedgerService } from '../ledger/ledger.service';
import type { PaymentRow, WalletRepository, WalletTransactionRow } from './wallet.repository';
import { isSessionFormat } from '#domain/coaching/categories';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';

export const WALLET_CURRENCY = 'usd';
const RECENT_TRANSACTIONS = 20;

/** Where loud payment anomalies go (the request or app logger). */
export type WalletLogger = {
  error: (object: Record<string, unknown>, message: string) => void;
  warn: (object: Record<string, unknown>, message: string) => void;
};

export type ApplyPaymentEventResult = {
  /**
   * applied: the event changed state; duplicate: this (provider, event id) was applied before, nothing
   * done; ignored: recorded but no effect (e.g. a failure after success); refused: amount/currency do
   * not match the payment (recorded, no effect, logged at error level with alert PAYMENT_EVENT_MISMATCH);
   * unknown_payment: no payment has this provider id (NOT recorded, so a redelivery can apply later).
   */
  outcome: 'applied' | 'duplicate' | 'ignored' | 'refused' | 'unknown_payment';
  paymentId: string | null;
};

const DESCRIPTIONS: Record<string, string> = {
  top_up: 'Wallet top-up',
  refund: 'Refund',
  hold: 'Held for a session request',
  release: 'Hold released',
  capture: 'Session payment',
  gift: 'Gift sent',
  gift_claim: 'Gift received',
  gift_cancel: 'Gift cancelled',
  correction: 'Correction',
};

/** "Video session with Dr. Lena Ortiz (30 min)", or as much of it as is known. */
function sessionName(session: NonNullable<WalletTransactionRow['session']>): string {
  const format =
    session.format && isSessionFormat(session.format) ? FORMAT_ADJECTIVES[session.format] : undefined;
  const what = format ? `${format} session` : 'Session';
  const who = session.coachName ? ` with ${session.coachName}` : '';
  const length = session.durationMinutes ? ` (${session.durationMinutes} min)` : '';
  return `${what}${who}${length}`;
}

function describe(row: WalletTransactionRow): string {
  if (row.kind === 'refund' && row.referenceType === 'payment') return 'Top-up refunded to card';
  const session = row.session;
  if (session && row.kind === 'hold')
    // A captured hold is the payment of a session that took place; otherwise the money is (or was) set aside.
    return session.status === 'captured' ? sessionName(session) : `Held: ${sessionName(session)}`;
  if (session && row.kind === 'release') return `Returned: ${sessionName(session)}`;
  if (session && row.kind === 'refund') return `Refund: ${sessionName(session)}`;
  return DESCRIPTIONS[row.kind] ?? row.kind;
}

function toTransaction(row: WalletTransactionRow): WalletTransaction {
  return {
    id: row.id,
    coach_id: row.session?.coachId ?? null,
    source_type: row.referenceType,
    source_id: row.referenceId,
    amount: Math.abs(row.amount),
    transaction_type: row.amount >= 0 ? 'credit' : 'debit',
    description: describe(row),
    client_name: null,
    created_at: row.createdAt.toISOString(),
  };
}

const toPayment = (row: PaymentRow): Payment => ({
  payment_id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  failure_reason: row.failureReason,
});

/**
 * The client's wallet: balance, top-ups through the payment provider, and `applyPaymentEvent`, the ONE
 * path by which a provider's verdict moves money (the Stripe webhook and the demo confirmation both end
 * here). Credits come only from events, never from the browser.
 */
export function createWalletService(deps: {
  db: Database;
  repository: WalletRepository;
  ledger: LedgerService;
  provider: PaymentProvider;
  /** Stripe's publishable key, given to the signed-in browser so Stripe.js can confirm the card. */
  stripePublishableKey?: string | null;
  clock: Clock;
  log: WalletLogger;
}) {
  const { db, repository, ledger, provider, clock, log } = deps;
  const publishableKey = provider.name === 'stripe' ? (deps.stripePublishableKey ?? null) : null;

  async function applyInTransaction(tx: DbExecutor, event: PaymentEvent): Promise<ApplyPaymentEventResult> {
    const payment = await repository.lockPaymentByProviderId(tx, event.provider, event.providerPaymentId);
    if (!payment) {
      log.error(
        { alert: 'PAYMENT_EVENT_UNKNOWN_PAYMENT', provider: event.provider, eventId: event.eventId },
        'Payment event for an unknown payment: not applied',
      );
      return { outcome: 'unknown_payment', paymentId: null };
    }
    const fresh = await repository.recordEvent(tx, {
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      now: clock.now(),
    });
    if (!fresh) return { outcome: 'duplicate', paymentId: payment.id };

    const currencyMatches = event.currency.toLowerCase() === payment.currency.toLowerCase();
    const amountMatches =
      Number.isSafeInteger(event.amount) &&
      (event.type === 'refund.succeeded'
        ? event.amount > 0 && event.amount <= payment.amount
        : event.amount === payment.amount);
    if (!currencyMatches || !amountMatches) {
      log.error(
        {
          alert: 'PAYMENT_EVENT_MISMATCH',
          provider: event.provider,
          eventId: event.eventId,
          type: event.type,
          paymentId: payment.id,
          expected: { amount: payment.amount, currency: payment.currency },
          received: { amount: event.amount, currency: event.currency },
        },
        'Payment event amount or currency does not match the payment: refused, no money moved',
      );
      return { outcome: 'refused', paymentId: payment.id };
    }

    const now = clock.now();
    const reference = { type: 'payment', id: payment.id };
    if (event.type === 'payment.succeeded') {
      // A declined attempt can be followed by a successful one on the same payment (Stripe retries
      // a PaymentIntent with another card), so success is accepted from created or failed.
      if (
        !(await repository.transitionPayment(tx, payment.id, ['created', 'failed'], 'succeeded', now, null))
      ) {
        log.warn(
          { paymentId: payment.id, status: payment.status, eventId: event.eventId },
          'payment.succeeded for a payment that is not open: ignored',
        );
        return { outcome: 'ignored', paymentId: payment.id };
      }
      await ledger.transfer(tx, {
        kind: 'top_up',
        reference,
        from: ['provider_clearing', null],
        to: ['client_wallet', payment.userId],
        amount: payment.amount,
        metadata: { provider: event.provider, eventId: event.eventId },
      });
      return { outcome: 'applied', paymentId: payment.id };
    }

    if (event.type === 'payment.failed') {
      const moved = await repository.transitionPayment(
        tx,
        payment.id,
        ['created', 'failed'],
        'failed',
        now,
        event.failureReason ?? 'The payment did not go through.',
      );
      return { outcome: moved ? 'applied' : 'ignored', paymentId: payment.id };
    }

    // refund.succeeded: the reverse of the top-up, up to what is left to refund.
    if (payment.status !== 'succeeded') {
      log.error(
        {
          alert: 'PAYMENT_EVENT_MISMATCH',
          paymentId: payment.id,
          status: payment.status,
          eventId: event.eventId,
        },
        'refund.succeeded for a payment that is not succeeded: refused',
      );
      return { outcome: 'refused', paymentId: payment.id };
    }
    const wallet = await ledger.ensureAccount(tx, 'client_wallet', payment.userId);
    const refunded = await repository.refundedAmount(tx, payment.id, wallet.id);
    if (refunded + event.amount > payment.amount) {
      log.error(
        {
          alert: 'PAYMENT_EVENT_MISMATCH',
          paymentId: payment.id,
          eventId: event.eventId,
          refunded,
          amount: event.amount,
        },
        'Refund exceeds what is left of the payment: refused',
      );
      return { outcome: 'refused', paymentId: payment.id };
    }
    await ledger.transfer(tx, {
      kind: 'refund',
      reference,
      from: ['client_wallet', payment.userId],
      to: ['provider_clearing', null],
      amount: event.amount,
      metadata: { provider: event.provider, eventId: event.eventId },
    });
    if (refunded + event.amount === payment.amount)
      await repository.transitionPayment(tx, payment.id, ['succeeded'], 'refunded', now, null);
    return { outcome: 'applied', paymentId: payment.id };
  }

  return {
    providerName: provider.name,

    /**
     * Applies a verified provider event in ONE transaction (or the caller's, when given): records
     * (provider, event id) first — a redelivery returns 'duplicate' with no effect — then moves the
     * payment and posts the ledger: payment.succeeded credits provider_clearing -> client_wallet,
     * payment.failed marks it failed, refund.succeeded posts the reverse. A wallet already spent below
     * a refund's amount throws INSUFFICIENT_FUNDS and nothing is recorded (the provider redelivers).
     */
    async applyPaymentEvent(event: PaymentEvent, executor?: DbExecutor): Promise<ApplyPaymentEventResult> {
      return (executor ?? db).transaction((tx) => applyInTransaction(tx, event));
    },

    async getWallet(userId: string): Promise<Wallet> {
      const accounts = await repository.personalAccounts(db, userId);
      const walletAccount = accounts.find((account) => account.kind === 'client_wallet');
      const heldAccount = accounts.find((account) => account.kind === 'client_held');
      const [balance, held, rows] = await Promise.all([
        walletAccount ? ledger.balanceOf(db, walletAccount.id) : 0,
        heldAccount ? ledger.balanceOf(db, heldAccount.id) : 0,
        walletAccount ? repository.recentTransactions(db, [walletAccount.id], RECENT_TRANSACTIONS) : [],
      ]);
      return {
        balance,
        held,
        currency: WALLET_CURRENCY,
        provider: provider.name,
        stripe_publishable_key: publishableKey,
        transactions: rows.map(toTransaction),
      };
    },

    /** Creates the payment row and the provider's payment, in the caller's (idempotency) transaction. */
    async createTopUp(
      tx: DbExecutor,
      input: { userId: string; amount: number; email: string | null },
    ): Promise<TopUp> {
      const payment = await repository.insertPayment(tx, {
        userId: input.userId,
        provider: provider.name,
        amount: input.amount,
        currency: WALLET_CURRENCY,
        now: clock.now(),
      });
      const created = await provider.createPayment({
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        customerEmail: input.email,
      });
      await repository.setProviderPaymentId(tx, payment.id, created.providerPaymentId);
      return {
        payment_id: payment.id,
        provider: provider.name,
        client_secret: created.clientSecret,
        amount: payment.amount,
        currency: payment.currency,
      };
    },

    async getPayment(userId: string, paymentId: string): Promise<Payment> {
      const payment = await repository.findPayment(db, paymentId);
      if (!payment || payment.userId !== userId) throw new AppError('NOT_FOUND');
      return toPayment(payment);
    },

    /**
     * The demo card form: the test number decides the outcome, which is applied as a provider event
     * through applyPaymentEvent, in the caller's (idempotency) transaction.
     */
    async demoConfirm(
      tx: DbExecutor,
      input: { userId: string; paymentId: string; card: DemoConfirmBody },
    ): Promise<Payment> {
      const payment = await repository.findPayment(tx, input.paymentId);
      // Someone else's payment reads as missing: its existence is not the caller's business.
      if (!payment || payment.userId !== input.userId) throw new AppError('NOT_FOUND');
      if (payment.provider !== 'demo' || payment.providerPaymentId === null)
        throw new AppError(
          'CONFLICT',
          'This payment is not a demo payment; confirm it with your card instead.',
        );
      if (payment.status === 'succeeded' || payment.status === 'refunded') return toPayment(payment);

      const now = clock.now();
      const { card } = input;
      const expired =
        card.exp_year < now.getUTCFullYear() ||
        (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
      if (expired)
        throw new AppError('VALIDATION_ERROR', 'This card has expired. Use a future expiry date.', {
          details: [{ path: 'exp_year', message: 'Use a future expiry date.' }],
        });
      const outcome = demoCardOutcome(card.card_number);
      if (outcome.ok === 'unknown_card')
        throw new AppError('VALIDATION_ERROR', 'Use one of the demo test card numbers listed on this page.', {
          details: [
            { path: 'card_number', message: 'Use one of the demo test card numbers listed on this page.' },
          ],
        });

      await applyInTransaction(
        tx,
        demoPaymentEvent({
          providerPaymentId: payment.providerPaymentId,
          amount: payment.amount,
          currency: payment.currency,
          outcome,
        }),
      );
      const updated = await repository.findPayment(tx, payment.id);
      if (!updated) throw new Error('Payment vanished during confirmation');
      return toPayment(updated);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
