import { TitledPage } from '#web/components/page-shell';
import { PayoutMethodsScreen } from '#web/features/payouts/components/payout-methods-screen';
import { useAuth } from '#web/lib/auth/use-auth';

/** SPEC §2 `/cards`: where the coach's withdrawals are paid (bank accounts and PayPal, masked). */
export function CardsPage() {
  const auth = useAuth();
  return (
    <TitledPage title="Payout methods" description="Where your withdrawals are paid.">
      {auth.user ? <PayoutMethodsScreen userId={auth.user.id} /> : null}
    </TitledPage>
  );
}
