import type { Wallet } from '../../../../contracts/wallet';
import { USER_ID } from '../../../lib/testing/stub-api';

export {
  chatSession,
  COACH_ID,
  REQUEST_ID,
  SESSION_ID,
  sessionRequest,
} from '../../../lib/testing/session-fixtures';

/** Web tests only: contract-shaped answers for the client's request screens. */

export const wallet = (balance: number): Wallet => ({
  balance,
  held: 0,
  currency: 'usd',
  provider: 'demo',
  stripe_publishable_key: null,
  transactions: [],
});

/** A realtime event on the person's own topic, as the socket delivers it. */
let seq = 0;
export const realtimeEvent = (type: string, payload: Record<string, unknown>) => ({
  topic: `user:${USER_ID}`,
  seq: (seq += 1),
  type,
  payload,
  created_at: new Date().toISOString(),
});
