import { AppError } from '#domain/errors/app-error';
import { formatCents } from '#domain/money/format';
import type { DbExecutor } from '#server/db/client';
import type { LedgerService } from '../ledger/ledger.service';
import type { MoneyHold, SettlementService } from './settlement.service';

/**
 * settlement.hold, where INSUFFICIENT_FUNDS says how much is missing: `costs` names what is bought
 * ("This session costs", "30 more minutes cost"); the message goes on with the wallet's balance and the
 * shortfall, also given as details (price, wallet_balance, shortfall).
 */
export async function holdShowingShortfall(
  deps: {
    settlement: Pick<SettlementService, 'hold'>;
    ledger: Pick<LedgerService, 'ensureAccount' | 'balanceOf'>;
  },
  tx: DbExecutor,
  input: Parameters<SettlementService['hold']>[1],
  costs: string,
): Promise<MoneyHold> {
  try {
    return await deps.settlement.hold(tx, input);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') throw error;
    // A refused posting writes nothing and fails no statement: the transaction can still read the balance.
    const wallet = await deps.ledger.ensureAccount(tx, 'client_wallet', input.clientId);
    const balance = await deps.ledger.balanceOf(tx, wallet.id);
    const price = input.amount;
    const shortfall = Math.max(price - balance, 0);
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      `${costs} ${formatCents(price)} and your wallet has ${formatCents(balance)}. Top up at least ${formatCents(shortfall)}, then try again.`,
      {
        cause: error,
        details: [
          { path: 'price', message: String(price) },
          { path: 'wallet_balance', message: String(balance) },
          { path: 'shortfall', message: String(shortfall) },
        ],
      },
    );
  }
}
