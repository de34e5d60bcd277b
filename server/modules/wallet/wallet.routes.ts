import { walletApi as endpoints } from '#contracts/wallet.api';
import type { HttpApp, Route } from '#server/http/route';
import type { WalletService } from './wallet.service';

/** The caller's own wallet (contracts/wallet.api.ts): each handler is one service call. */
export function walletRoutes(app: HttpApp, route: Route, wallet: WalletService) {
  route(app, endpoints.get, async ({ caller }) => wallet.getWallet(caller.userId));

  route(app, endpoints.createTopUp, async ({ caller, body, tx }) =>
    wallet.createTopUp(tx, { userId: caller.userId, amount: body.amount, email: caller.email }),
  );

  route(app, endpoints.getTopUp, async ({ caller, params }) => wallet.getPayment(caller.userId, params.id));

  route(app, endpoints.demoConfirm, async ({ caller, params, body, tx }) =>
    wallet.demoConfirm(tx, { userId: caller.userId, paymentId: params.id, card: body }),
  );
}
