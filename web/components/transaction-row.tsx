import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { formatCents } from '#web/lib/money';

/** One ledger line as the wallet and earnings lists show it. */
export type LedgerEntry = {
  transaction_type: 'credit' | 'debit';
  description: string;
  created_at: string;
  amount: number;
};

/**
 * A list item for one credit or debit: the arrow, the description, `source` (e.g. "Session") before the
 * date, and the signed amount (said as Credit/Debit). `wrap`: long descriptions wrap, and the arrow shows
 * only from sm up to leave them room; otherwise a description is cut to one line.
 */
export function TransactionRow({
  transaction,
  source,
  wrap = false,
}: {
  transaction: LedgerEntry;
  source?: ReactNode;
  wrap?: boolean;
}) {
  const credit = transaction.transaction_type === 'credit';
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={`${wrap ? 'hidden sm:inline-flex' : 'inline-flex'} size-9 shrink-0 items-center justify-center rounded-full ${
          credit ? 'bg-success/10 text-success' : 'bg-surface-sunken text-text-muted'
        }`}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className={`font-medium ${wrap ? 'wrap-anywhere' : 'truncate'}`}>{transaction.description}</p>
        <p className="text-sm text-text-muted">
          {source ? <>{source} · </> : null}
          <time dateTime={transaction.created_at}>
            {formatDateTime(transaction.created_at, localTimeZone())}
          </time>
        </p>
      </div>
      <p className={`shrink-0 font-semibold tabular-nums ${credit ? 'text-success' : 'text-text'}`}>
        <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
        {credit ? '+' : '−'}
        {formatCents(transaction.amount)}
      </p>
    </li>
  );
}
