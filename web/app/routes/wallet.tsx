import { PageShell } from '#web/components/page-shell';
import { WalletScreen } from '#web/features/wallet/components/wallet-screen';
import { useAuth } from '#web/lib/auth/use-auth';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** SPEC §2 `/wallet` and `/client-wallet` (the same screen): balance, Add funds, recent transactions. */
export function WalletPage() {
  const auth = useAuth();
  useDocumentTitle('Wallet');
  return (
    <PageShell title="Wallet" description="Your balance for sessions, and the money you added to it.">
      {auth.user ? <WalletScreen userId={auth.user.id} /> : null}
    </PageShell>
  );
}
