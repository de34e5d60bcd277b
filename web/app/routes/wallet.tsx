import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { TitledPage } from '#web/components/page-shell';
import { WalletScreen } from '#web/features/wallet/components/wallet-screen';
import { useAuth } from '#web/lib/auth/use-auth';

/** A path of this site to go back to after topping up (`?return=`); anything else is ignored. */
const returnPathOf = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;

/**
 * SPEC §2 `/wallet` and `/client-wallet` (the same screen): balance, Add funds, recent transactions;
 * with `?return=` (a booking short of money) a way back to it.
 */
export function WalletPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const back = returnPathOf(params.get('return'));
  return (
    <TitledPage title="Wallet" description="Your balance for sessions, and the money you added to it.">
      {back ? (
        <div className="mb-6 flex flex-col gap-3 rounded-[var(--radius-control)] border border-border bg-surface-sunken px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>When your balance is enough, go back to finish your booking: your time and answers are kept.</p>
          <Link to={back} className={buttonClasses('secondary', 'shrink-0')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to your booking
          </Link>
        </div>
      ) : null}
      {auth.user ? <WalletScreen userId={auth.user.id} /> : null}
    </TitledPage>
  );
}
