import type { Clock } from '#domain/clock';
import { OWNED_LEDGER_ACCOUNT_KINDS } from '#domain/ledger/accounts';
import { AppError } from '#domain/errors/app-error';
import { cents, centsFromDatabase, type Cents } from '#domain/money/cents';
import type { DbExecutor } from '#server/db/client';
import type { LedgerAccountKind, LedgerTransactionKind } from '#server/db/schema/index';
import type { InvariantFindings, LedgerAccountRow, LedgerRepository } from './ledger.repository';

/** One line of a posting: the account of `account` kind owned by `owner` (null: the platform's). */
export type LedgerEntryInput = { account: LedgerAccountKind; owner: string | null; amount: Cents };

export type LedgerPosting = {
  kind: LedgerTransactionKind;
  /** What caused the posting (a session request, a provider payment, a gift...). */
  reference: { type: string; id: string };
  entries: LedgerEntryInput[];
  metadata?: Record<string, unknown>;
};

export type InvariantReport = InvariantFindings & { ok: boolean; checkedAt: string };

/** A posting that can never be valid: a bug in the caller, not something a person can fix. */
export class LedgerIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerIntegrityError';
  }
}

/** Accounts that belong to a person (and may never go below zero); the others are the platform's. */
const isOwnedKind = (kind: LedgerAccountKind) =>
  (OWNED_LEDGER_ACCOUNT_KINDS as readonly string[]).includes(kind);

function validate(posting: LedgerPosting): void {
  if (posting.entries.length < 2)
    throw new LedgerIntegrityError(`A ${posting.kind} posting needs at least two entries`);
  let sum = 0;
  for (const entry of posting.entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0)
      throw new LedgerIntegrityError(`A ${posting.kind} entry amount must be a non-zero integer of cents`);
    sum += entry.amount;
  }
  if (sum !== 0) throw new LedgerIntegrityError(`A ${posting.kind} posting does not balance: sum ${sum}`);
  for (const entry of posting.entries)
    if (isOwnedKind(entry.account) !== (entry.owner !== null))
      throw new LedgerIntegrityError(
        `A ${posting.kind} entry on ${entry.account} needs ${isOwnedKind(entry.account) ? 'an' : 'no'} owner`,
      );
  if (posting.reference.type.trim() === '' || posting.reference.id.trim() === '')
    throw new LedgerIntegrityError(`A ${posting.kind} posting needs a reference`);
}

/**
 * The double-entry ledger. `post` is the only way money moves; call it with the transaction that makes
 * the state change causing it (ARCHITECTURE rule 9), so both commit or neither does. Balances are
 * derived from entries (`balanceOf`), never stored.
 */
export function createLedgerService(deps: { repository: LedgerRepository; clock: Clock }) {
  const { repository, clock } = deps;

  return {
    /** The account of `kind` for `ownerUserId` (null for the platform's accounts), created on first use. */
    async ensureAccount(
      executor: DbExecutor,
      kind: LedgerAccountKind,
      ownerUserId: string | null,
    ): Promise<LedgerAccountRow> {
      return repository.ensureAccount(executor, kind, ownerUserId, clock.now());
    },

    async balanceOf(executor: DbExecutor, accountId: string): Promise<Cents> {
      return centsFromDatabase(await repository.balanceOf(executor, accountId));
    },

    /**
     * Records one balanced ledger transaction in one statement (the function ledger_post of migration
     * 0016). Validated before the database is touched (>= 2 non-zero entries summing to 0, an owner for
     * a person's account and none for the platform's); then the accounts are made on first use, every
     * debited account of a person is row-locked and its balance read under the lock, so concurrent debits
     * of one wallet are serialised and an overdraft is refused with INSUFFICIENT_FUNDS. Given a
     * transaction, it runs in it; alone, the statement is its own transaction. A refusal writes no
     * entry, so a caller that catches one (a withdrawal's INSUFFICIENT_FUNDS) still has its transaction
     * as it was; a database error fails the caller's transaction, as it would fail the caller anyway.
     */
    async post(executor: DbExecutor, posting: LedgerPosting): Promise<{ transactionId: string }> {
      validate(posting);
      const { transactionId, refused } = await repository.post(executor, {
        kind: posting.kind,
        referenceType: posting.reference.type,
        referenceId: posting.reference.id,
        metadata: posting.metadata ?? {},
        entries: posting.entries,
        now: clock.now(),
      });
      if (refused) throw new AppError('INSUFFICIENT_FUNDS');
      if (!transactionId) throw new Error(`A ${posting.kind} posting was neither written nor refused`);
      return { transactionId };
    },

    /**
     * Moves `amount` from one account to another in one posting (the accounts made on first use):
     * `from` and `to` name each account by its kind and owner (null for the platform's).
     */
    async transfer(
      executor: DbExecutor,
      transfer: Omit<LedgerPosting, 'entries'> & {
        from: [kind: LedgerAccountKind, ownerUserId: string | null];
        to: [kind: LedgerAccountKind, ownerUserId: string | null];
        amount: number;
      },
    ): Promise<{ transactionId: string }> {
      const { from, to, amount, ...posting } = transfer;
      return this.post(executor, {
        ...posting,
        entries: [
          { account: from[0], owner: from[1], amount: cents(-amount) },
          { account: to[0], owner: to[1], amount: cents(amount) },
        ],
      });
    },

    /**
     * The ledger's invariants: all entries sum to zero, every transaction has >= 2 entries summing to
     * zero, no account of a person is negative. Full scans: for start-up and the hourly job.
     */
    async checkInvariants(executor: DbExecutor): Promise<InvariantReport> {
      const findings = await repository.findInvariantViolations(executor);
      return {
        ok:
          findings.total === '0' &&
          findings.unbalancedTransactions.length === 0 &&
          findings.negativeAccounts.length === 0,
        checkedAt: clock.now().toISOString(),
        ...findings,
      };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/** The latest invariant result of this instance, read by GET /api/health (cheap: no query per probe). */
export type LedgerInvariantState = 'unchecked' | 'ok' | 'broken';

export function createLedgerInvariantStatus() {
  let state: LedgerInvariantState = 'unchecked';
  return {
    current: (): LedgerInvariantState => state,
    record(report: Pick<InvariantReport, 'ok'>): void {
      state = report.ok ? 'ok' : 'broken';
    },
  };
}

export type LedgerInvariantStatus = ReturnType<typeof createLedgerInvariantStatus>;
