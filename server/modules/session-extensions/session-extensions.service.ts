import { createSessionExtensionsAsk } from './session-extensions.ask';
import { createSessionExtensionsRespond } from './session-extensions.respond';
import { createSessionExtensionsSettle } from './session-extensions.settle';
import { createSessionExtensionsShared, type SessionExtensionsDeps } from './session-extensions.shared';

export {
  SESSION_EXTENSION_HOLD_TYPE,
  toSessionExtension,
  type Outcome,
  type SessionExtensionsDeps,
  type SessionExtensionsLogger,
} from './session-extensions.shared';

/**
 * More minutes in a live session (contracts/session-extensions.ts).
 *
 * The client asks for 15 or 30 more minutes: quoted at the coach's on-demand rate for the session's
 * format (settlement.quote, the pricing the request used) and held from the wallet under
 * ('session_extension', id), in the idempotency transaction. The coach accepts (the session's length
 * and payment grow: chatSessions.extend) or declines (released); the client may cancel (released); an
 * unanswered ask expires after 2 minutes or when the session ends (released). When the session
 * completes, `settleForCompletion` runs in the completing transaction: accepted asks are captured
 * (exactly once: each hold's own compare-and-set, under the session's row lock), pending ones released.
 *
 * Lock order, kept by every writer so racing changes queue instead of deadlocking: the session row
 * (FOR SHARE to ask, cancel, decline or expire; FOR UPDATE to accept or complete), then the ask, then
 * ledger accounts, then realtime topics. Every status change is a compare-and-set on `pending`.
 */
export function createSessionExtensionsService(deps: SessionExtensionsDeps) {
  const shared = createSessionExtensionsShared(deps);
  return {
    ...createSessionExtensionsAsk(deps, shared),
    ...createSessionExtensionsRespond(deps, shared),
    ...createSessionExtensionsSettle(deps, shared),
  };
}

export type SessionExtensionsService = ReturnType<typeof createSessionExtensionsService>;
