import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  OWNED_LEDGER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from '#domain/ledger/accounts';
import { users } from './accounts';
import { uuidPk, timestamptz, cents, requiredRef } from './columns';

/**
 * The double-entry ledger. Amounts are signed integer cents; every ledger transaction has
 * at least two entries summing to zero; balances are SUM(amount) over an account's entries, never
 * stored. Migration 0005 adds the guarantees the schema cannot express: the three tables are
 * append-only (refuse_history_rewrite), a DEFERRABLE INITIALLY DEFERRED constraint trigger refuses
 * a commit that leaves a transaction unbalanced or with fewer than two entries, and client wallet
 * and held accounts may not end a commit below zero.
 */

// The kinds are the domain's (domain/ledger/accounts.ts); the checks below store exactly those.
export {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  OWNED_LEDGER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type LedgerTransactionKind,
};

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuidPk(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The person for client_* and coach_* accounts; null for the platform's own accounts. */
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_accounts_kind_owner_uq').on(table.kind, table.ownerUserId).nullsNotDistinct(),
    check('ledger_accounts_kind_ck', sql`${table.kind} in (${quoted(LEDGER_ACCOUNT_KINDS)})`),
    check(
      'ledger_accounts_owner_ck',
      sql`(${table.ownerUserId} is not null) = (${table.kind} in (${quoted(OWNED_LEDGER_ACCOUNT_KINDS)}))`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuidPk(),
    kind: text('kind').$type<LedgerTransactionKind>().notNull(),
    /** What caused the posting, e.g. ('session_request', id) or ('payment', provider payment id). */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('ledger_transactions_kind_ck', sql`${table.kind} in (${quoted(LEDGER_TRANSACTION_KINDS)})`),
    index('ledger_transactions_reference_idx').on(table.referenceType, table.referenceId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuidPk(),
    transactionId: requiredRef('transaction_id', () => ledgerTransactions.id),
    accountId: requiredRef('account_id', () => ledgerAccounts.id),
    /** Signed integer cents: positive credits the account, negative debits it. Never zero. */
    amount: cents('amount').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('ledger_entries_amount_ck', sql`${table.amount} <> 0`),
    // (account_id, amount): a balance is an index-only SUM.
    index('ledger_entries_account_idx').on(table.accountId, table.amount),
    index('ledger_entries_transaction_idx').on(table.transactionId),
  ],
);
