import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { WithdrawalReceipt } from '../../features/payouts/components/withdrawal-receipt';
import { useAuth } from '../../lib/auth/use-auth';

/** SPEC §2 `/withdrawal/success?id=`: the withdrawal just requested, and what happens next. */
export function WithdrawalSuccessPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  useEffect(() => {
    document.title = 'Withdrawal requested · Wellspring';
    return () => {
      document.title = 'Wellspring';
    };
  }, []);
  return (
    <PageShell title="Withdrawal requested" description="Confirmation of a withdrawal from your earnings.">
      {auth.user ? <WithdrawalReceipt userId={auth.user.id} id={params.get('id')} /> : null}
    </PageShell>
  );
}
