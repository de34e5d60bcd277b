import { parseArgs } from 'node:util';
import { demoPaymentEvent, demoProviderPaymentId } from '#server/adapters/payments/demo-provider';
import { runAppChild, seedPeople } from './lib/app-child';
import { pooled } from './lib/concurrency';

/**
 * Bench child for the `ring` scenario: the REAL app on a throwaway PostgreSQL
 * (lib/app-child.ts: embedded, or a fresh database on the TEST_DATABASE_URL server), listening on
 * loopback. Before it reports ready it seeds, with set-based SQL:
 *
 * - `--coaches` approved coaches who are online (users + profiles with is_online + the coach role + an
 *   approved coach application: what POST /api/session-requests checks);
 * - `--clients` clients whose wallets are funded through the real top-up path (wallet.createTopUp and
 *   applyPaymentEvent with the demo provider);
 * - one sign-in session per person, opened by the real session service (only the password check is
 *   skipped). The gateway and the HTTP guard verify these tokens and their open sessions as for anyone else.
 *
 * It reports `{ type: 'ready', port, info: { coaches: [{id, token}], clients: [...], dbPid, ... } }`.
 */

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { coaches: { type: 'string', default: '1000' }, clients: { type: 'string', default: '50' } },
});
const COACHES = Number(args.coaches);
const CLIENTS = Number(args.clients);
/** Enough for many held requests of the bench's price (each is released again by the cancel). */
const WALLET_FUNDS = 1_000_000;

runAppChild({
  scenario: 'ring',
  seed: async ({ app, db, pool, signInAll }) => {
    const coachIds = await seedPeople(pool, {
      scenario: 'ring',
      role: 'coach',
      count: COACHES,
      approved: true,
      online: true,
    });
    const clientIds = await seedPeople(pool, { scenario: 'ring', role: 'client', count: CLIENTS });
    const wallet = app.wallet;
    await pooled(clientIds, 10, async (userId) => {
      const payment = await db.transaction((tx) =>
        wallet.createTopUp(tx, { userId, amount: WALLET_FUNDS, email: null }),
      );
      const result = await wallet.applyPaymentEvent(
        demoPaymentEvent({
          providerPaymentId: demoProviderPaymentId(payment.payment_id),
          amount: WALLET_FUNDS,
          currency: payment.currency,
          outcome: { ok: true },
        }),
      );
      if (result.outcome !== 'applied') throw new Error(`top-up not applied: ${result.outcome}`);
    });
    const signedIn = await signInAll([...coachIds, ...clientIds]);
    return { coaches: signedIn.slice(0, coachIds.length), clients: signedIn.slice(coachIds.length) };
  },
});
