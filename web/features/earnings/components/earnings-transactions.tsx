import { ArrowDownLeft, ArrowUpRight, Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import type { EarningsTransaction } from '#contracts/earnings';
import { Button } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { useAuth } from '#web/lib/auth/use-auth';
import { formatCents } from '#web/lib/money';
import { downloadEarningsCsv } from '../api/earnings';
import { formatDateTime, localTimeZone } from '#web/lib/dates';
import { cardClasses } from '#web/components/card';

function TransactionRow({ transaction }: { transaction: EarningsTransaction }) {
  const credit = transaction.transaction_type === 'credit';
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={`hidden size-9 shrink-0 items-center justify-center rounded-full sm:inline-flex ${
          credit ? 'bg-success/10 text-success' : 'bg-surface-sunken text-text-muted'
        }`}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere">{transaction.description}</p>
        <p className="text-sm text-text-muted">
          {transaction.source_type === 'withdrawal' ? 'Withdrawal' : 'Session'} ·{' '}
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

function ExportButton() {
  const { accessToken } = useAuth();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  async function exportCsv() {
    setBusy(true);
    try {
      const filename = await downloadEarningsCsv(accessToken);
      toast({ title: 'Export ready', description: `${filename} was downloaded.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not export', description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void exportCsv()}>
      <Download aria-hidden="true" className="size-4" />
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}

/** How many transactions show before "Show all". */
const TRANSACTIONS_SHOWN = 10;

export function EarningsTransactions({ transactions }: { transactions: EarningsTransaction[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? transactions : transactions.slice(0, TRANSACTIONS_SHOWN);
  return (
    <section aria-labelledby="earnings-transactions-heading" className={`${cardClasses} p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="earnings-transactions-heading" className="text-lg font-semibold">
          Transactions
        </h2>
        <ExportButton />
      </div>
      {transactions.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 py-6 text-center text-text-muted">
          <Receipt aria-hidden="true" className="size-8" />
          <p>No transactions yet. Session earnings, refunds and withdrawals will appear here.</p>
        </div>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-border">
            {shown.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-text-muted">
              The newest transactions; the CSV export has all of them.
            </p>
            {transactions.length > TRANSACTIONS_SHOWN ? (
              <Button variant="ghost" onClick={() => setAll((value) => !value)} aria-expanded={all}>
                {all ? 'Show fewer' : `Show ${transactions.length - TRANSACTIONS_SHOWN} more`}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
