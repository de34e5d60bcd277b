import { Receipt } from 'lucide-react';
import { useState } from 'react';
import type { EarningsTransaction } from '#contracts/earnings';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { ExportCsvButton } from '#web/components/export-csv-button';
import { EmptyNote, SectionCard } from '#web/components/section-card';
import { TransactionRow } from '#web/components/transaction-row';
import { downloadEarningsCsv } from '../api/earnings';

/** How many transactions show before "Show all". */
const TRANSACTIONS_SHOWN = 10;

export function EarningsTransactions({ transactions }: { transactions: EarningsTransaction[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? transactions : transactions.slice(0, TRANSACTIONS_SHOWN);
  return (
    <SectionCard
      id="earnings-transactions-heading"
      title="Transactions"
      action={<ExportCsvButton download={downloadEarningsCsv} />}
      className={`${cardClasses} p-4 sm:p-6`}
    >
      {transactions.length === 0 ? (
        <EmptyNote icon={Receipt}>
          No transactions yet. Session earnings, refunds and withdrawals will appear here.
        </EmptyNote>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-border">
            {shown.map((transaction) => (
              <TransactionRow
                key={transaction.id}
                transaction={transaction}
                source={transaction.source_type === 'withdrawal' ? 'Withdrawal' : 'Session'}
                wrap
              />
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
    </SectionCard>
  );
}
