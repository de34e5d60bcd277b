import { PageShell } from '#web/components/page-shell';
import { useSearchParams } from 'react-router';
import { WithdrawalReceipt } from '#web/features/payouts/components/withdrawal-receipt';
import { useAuth } from '#web/lib/auth/use-auth';

/**
 * SPEC §2 `/withdrawal/success?id=`: the withdrawal just requested, and what happens next. The receipt
 * owns the page title ("Withdrawal requested" only when there is a withdrawal to confirm).
 */
export function WithdrawalSuccessPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  return auth.user ? (
    <WithdrawalReceipt userId={auth.user.id} id={params.get('id')} />
  ) : (
    <PageShell title="Your withdrawal" />
  );
}
