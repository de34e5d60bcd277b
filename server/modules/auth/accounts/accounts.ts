import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { SecurityEventsService } from '#server/modules/security-events/security-events.service';
import type { AuthRepository, UserRow } from '../auth.repository';
import type { SessionService } from '../sessions/session.service';

/** Account look-ups and creation shared by sign-up, password sign-in and code sign-in. */
/** What every way into an account uses (the account, password and code parts of the auth service). */
export type AccountFlowDeps = {
  db: Database;
  repository: AuthRepository;
  accounts: Accounts;
  sessions: SessionService;
  securityEvents: SecurityEventsService;
  clock: Clock;
};

export function createAccounts(deps: { repository: AuthRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function findByAddress(executor: DbExecutor, address: { email?: string; phone?: string }) {
    if (address.email) return repository.findUserByEmail(executor, address.email);
    if (address.phone) return repository.findUserByPhone(executor, address.phone);
    return null;
  }

  /** A new account signing in with an email or a phone: the user, its identity and its profile. */
  async function createAccount(
    executor: DbExecutor,
    address: { email?: string; phone?: string },
    values: {
      encryptedPassword: string | null;
      userMetadata: Record<string, unknown>;
      fullName: string | null;
      /** The device's zone the sign-up form sent (null when none or not a zone). */
      timeZone?: string | null;
    },
  ) {
    const now = clock.now();
    const provider = address.email ? 'email' : 'phone';
    const user = await repository.insertUser(executor, {
      email: address.email ?? null,
      phone: address.phone ?? null,
      encryptedPassword: values.encryptedPassword,
      userMetadata: values.userMetadata,
      appMetadata: { provider, providers: [provider] },
      createdAt: now,
      updatedAt: now,
    });
    await repository.upsertIdentity(executor, {
      userId: user.id,
      provider,
      providerId: (address.email ?? address.phone) as string,
      identityData: { sub: user.id, email: address.email ?? null, phone: address.phone ?? null },
      createdAt: now,
    });
    await repository.insertProfile(executor, {
      userId: user.id,
      fullName: values.fullName,
      email: address.email ?? null,
      timeZone: values.timeZone ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return user;
  }

  function assertNotBanned(user: UserRow) {
    if (user.bannedUntil && user.bannedUntil > clock.now()) throw new AppError('INVALID_CREDENTIALS');
  }

  return { findByAddress, createAccount, assertNotBanned };
}

export type Accounts = ReturnType<typeof createAccounts>;
