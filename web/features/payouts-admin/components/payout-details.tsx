import { AtSign, Landmark } from 'lucide-react';
import type { AdminWithdrawal } from '#contracts/payouts';
import { formatCents } from '#web/lib/money';

export function PayoutDetails({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const details = withdrawal.payout_details;
  if (!details) return null;
  const row = (label: string, value: string) => (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-text-muted">{label}</dt>
      <dd className="font-medium wrap-anywhere tabular-nums select-all">{value}</dd>
    </div>
  );
  return (
    <div className="rounded-[var(--radius-control)] border border-warning/30 bg-warning-soft/60 p-3 text-sm">
      <p className="mb-2 flex items-center gap-2 font-semibold">
        {details.kind === 'bank_account' ? (
          <Landmark aria-hidden="true" className="size-4" />
        ) : (
          <AtSign aria-hidden="true" className="size-4" />
        )}
        Pay {formatCents(withdrawal.amount)} to
      </p>
      <dl className="flex flex-col gap-1">
        {details.kind === 'bank_account' ? (
          <>
            {row('Account holder', details.holder_name)}
            {row('Bank', details.bank_name)}
            {row('Routing number', details.routing_number)}
            {row('Account number', details.account_number)}
          </>
        ) : (
          row('PayPal email', details.email)
        )}
      </dl>
    </div>
  );
}
