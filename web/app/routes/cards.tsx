import { PageShell } from '#web/components/page-shell';
import { PayoutMethodsScreen } from '#web/features/payouts/components/payout-methods-screen';
import { useAuth } from '#web/lib/auth/use-auth';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** SPEC §2 `/cards`: where the coach's withdrawals are paid (bank accounts and PayPal, masked). */
export function CardsPage() {
  const auth = useAuth();
  useDocumentTitle('Payout methods');
  return (
    <PageShell title="Payout methods" description="Where your withdrawals are paid.">
      {auth.user ? <PayoutMethodsScreen userId={auth.user.id} /> : null}
    </PageShell>
  );
}
