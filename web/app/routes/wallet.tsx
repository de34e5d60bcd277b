import { TitledPage } from '#web/components/page-shell';
import { WalletScreen } from '#web/features/wallet/components/wallet-screen';
import { useAuth } from '#web/lib/auth/use-auth';

/** SPEC §2 `/wallet` and `/client-wallet` (the same screen): balance, Add funds, recent transactions. */
export function WalletPage() {
  const auth = useAuth();
  return (
    <TitledPage title="Wallet" description="Your balance for sessions, and the money you added to it.">
      {auth.user ? <WalletScreen userId={auth.user.id} /> : null}
    </TitledPage>
  );
}
