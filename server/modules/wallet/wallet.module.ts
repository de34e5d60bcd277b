import type { PaymentProvider } from '#server/adapters/payments/payment-provider';
import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createWalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

export type WalletModuleDeps = ModuleDeps<typeof createWalletService, 'repository' | 'provider'> & {
  /**
   * The payment provider, made once the wallet exists: the demo provider delivers its own events
   * (refunds) back through the wallet's applyPaymentEvent.
   */
  provider: (wallet: Pick<WalletService, 'applyPaymentEvent'>) => PaymentProvider;
};

/** The wallet module: its repository, service and routes. Answers the service for other modules. */
export function registerWallet(app: HttpApp, deps: WalletModuleDeps): WalletService {
  const { route, provider, ...serviceDeps } = deps;
  const wallet: WalletService = createWalletService({
    ...serviceDeps,
    repository: createWalletRepository(),
    provider: provider({ applyPaymentEvent: (event, executor) => wallet.applyPaymentEvent(event, executor) }),
  });
  walletRoutes(app, route, wallet);
  return wallet;
}
