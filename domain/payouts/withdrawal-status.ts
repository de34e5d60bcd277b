/**
 * A coach's withdrawal: requested, then approved and paid, or rejected (its money goes back to the
 * coach's available earnings). Owned here; the database schema and the payouts module use it.
 */
export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
