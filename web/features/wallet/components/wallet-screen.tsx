import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, Receipt } from 'lucide-react';
import type { Wallet, WalletTransaction } from '#contracts/wallet';
import { LoadError } from '#web/components/load-error';
import { Spinner } from '#web/components/spinner';
import { formatCents } from '#web/lib/money';
import { walletQueryOptions } from '../api/wallet';
import { AddFunds } from './add-funds';
import { formatDateTime, localTimeZone } from '#web/lib/dates';

function Balance({ wallet }: { wallet: Wallet }) {
  return (
    <section
      aria-labelledby="balance-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
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

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const credit = transaction.transaction_type === 'credit';
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full ${
          credit ? 'bg-success/10 text-success' : 'bg-surface-sunken text-text-muted'
        }`}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{transaction.description}</p>
        <p className="text-sm text-text-muted">
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

function Transactions({ transactions }: { transactions: WalletTransaction[] }) {
  return (
    <section
      aria-labelledby="transactions-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <h2 id="transactions-heading" className="text-lg font-semibold">
        Recent transactions
      </h2>
      {transactions.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 py-6 text-center text-text-muted">
          <Receipt aria-hidden="true" className="size-8" />
          <p>No transactions yet. Top-ups and session payments will appear here.</p>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** SPEC §2 /wallet and /client-wallet: balance and held funds, Add funds, recent transactions. */
export function WalletScreen({ userId }: { userId: string }) {
  const wallet = useQuery(walletQueryOptions(userId));

  if (wallet.isPending)
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-text-muted">
        <Spinner className="size-6 border-[3px]" />
        Loading your wallet…
      </div>
    );
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
