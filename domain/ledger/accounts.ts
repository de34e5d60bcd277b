import { assertNever } from '../assert-never';

/**
 * The double-entry ledger's vocabulary (owned here; the database schema stores these values). Amounts
 * are signed integer cents; every ledger transaction has two or more entries that sum to zero.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'client_wallet',
  'client_held',
  'coach_pending',
  'coach_available',
  'platform_revenue',
  'provider_clearing',
  'payouts',
  'gift_escrow',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** Accounts of one person; the others exist once for the platform (owner null). */
export const OWNED_LEDGER_ACCOUNT_KINDS = [
  'client_wallet',
  'client_held',
  'coach_pending',
  'coach_available',
] as const satisfies readonly LedgerAccountKind[];

export const LEDGER_TRANSACTION_KINDS = [
  'top_up',
  'hold',
  'release',
  'capture',
  'refund',
  'withdrawal',
  'payout',
  'gift',
  'gift_claim',
  'gift_cancel',
  'earnings_available',
  'withdrawal_rejected',
  'correction',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** Whose account of a kind is meant in a session's posting: its client's, its coach's or the platform's. */
export type LedgerParty = 'client' | 'coach' | 'platform';

export function partyOf(kind: LedgerAccountKind): LedgerParty {
  switch (kind) {
    case 'client_wallet':
    case 'client_held':
      return 'client';
    case 'coach_pending':
    case 'coach_available':
      return 'coach';
    case 'platform_revenue':
    case 'provider_clearing':
    case 'payouts':
    case 'gift_escrow':
      return 'platform';
    default:
      return assertNever(kind, 'ledger account kind');
  }
}
