import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import type { Wallet, WalletTransaction } from '#contracts/wallet';
import { paddedCardClasses } from '#web/components/card';
import { LoadError } from '#web/components/load-error';
import { formatCents } from '#web/lib/money';
import { walletQueryOptions } from '../api/wallet';
import { AddFunds } from './add-funds';
import { EmptyNote, SectionCard } from '#web/components/section-card';
import { TransactionRow } from '#web/components/transaction-row';
import { LoadingStatus } from '#web/components/loading-status';

function Balance({ wallet }: { wallet: Wallet }) {
  return (
    <section aria-labelledby="balance-heading" className={paddedCardClasses}>
      <h2 id="balance-heading" className="text-sm font-medium text-text-muted">
        Available balance
      </h2>
      {/* The figure under its h2, not a paragraph styled like a heading (axe p-as-heading). */}
      <div className="mt-1 text-4xl font-semibold tracking-tight tabular-nums" data-testid="wallet-balance">
        {formatCents(wallet.balance)}
      </div>
      {wallet.held > 0 ? (
        <p className="mt-2 text-sm text-text-muted">
          <span className="font-medium text-text tabular-nums">{formatCents(wallet.held)}</span> held for
          session requests, released if a request is declined or cancelled.
        </p>
      ) : (
        <p className="mt-2 text-sm text-text-muted">Spend it on sessions with any coach.</p>
      )}
    </section>
  );
}

function Transactions({ transactions }: { transactions: WalletTransaction[] }) {
  return (
    <SectionCard id="transactions-heading" title="Recent transactions">
      {transactions.length === 0 ? (
        <EmptyNote icon={Receipt}>
          No transactions yet. Top-ups and session payments will appear here.
        </EmptyNote>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** SPEC §2 /wallet and /client-wallet: balance and held funds, Add funds, recent transactions. */
export function WalletScreen({ userId }: { userId: string }) {
  const wallet = useQuery(walletQueryOptions(userId));

  if (wallet.isPending) return <LoadingStatus>Loading your wallet…</LoadingStatus>;
  if (wallet.isError)
    return (
      <LoadError
        title="Your wallet did not load"
        error={wallet.error}
        onRetry={() => void wallet.refetch()}
      />
    );

  return (
    <div className="flex flex-col gap-6">
      <Balance wallet={wallet.data} />
      <AddFunds
        userId={userId}
        provider={wallet.data.provider}
        stripePublishableKey={wallet.data.stripe_publishable_key}
      />
      <Transactions transactions={wallet.data.transactions} />
    </div>
  );
}
