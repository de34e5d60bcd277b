import type { Clock } from '#domain/clock';
import type { Database } from '#server/db/client';
import type { OutboxService } from '../outbox/outbox.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { createAccountService } from './accounts/account.service';
import { createAccounts } from './accounts/accounts';
import type { AuthRepository } from './auth.repository';
import { createCodeSignIn } from './codes/code-sign-in';
import { createOneTimeCodes } from './codes/one-time-codes';
import type { SessionService } from './sessions/session.service';
import { createPasswordSignIn } from './sessions/password-sign-in';

export type { Credentials } from './sessions/password-sign-in';

/**
 * Accounts and the ways into them, as one service for the routes: sign-up and the user
 * (accounts/), password sign-in and sign-out (sessions/), codes by email or SMS (codes/).
 */
export function createAuthService(deps: {
  db: Database;
  repository: AuthRepository;
  sessions: SessionService;
  outbox: OutboxService;
  securityEvents: SecurityEventsService;
  clock: Clock;
  publicUrl: string;
}) {
  const accounts = createAccounts(deps);
  const codes = createOneTimeCodes(deps);
  return {
    ...createAccountService({ ...deps, accounts, codes }),
    ...createPasswordSignIn({ ...deps, accounts }),
    ...createCodeSignIn({ ...deps, accounts, codes }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
