import type { Me } from '#contracts/auth';
import { automaticRole, resolveActiveRole, type Role } from '#domain/auth/roles';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { AdminService } from '../admin/admin.service';
import type { RolesRepository } from './roles.repository';

/** Who asks: the signed-in person, the session's assurance level, and whether it is a guest link's. */
type Caller = { userId: string; aal: 'aal1' | 'aal2'; guest: boolean };

/** SPEC §4 Role and §7 set_last_active_role: which roles a person holds and which one is active. */
export function createRolesService(deps: {
  db: Database;
  repository: RolesRepository;
  admin: AdminService;
  /** Whether the person has a verified second factor (the auth module's factors). */
  hasVerifiedFactor: (userId: string) => Promise<boolean>;
  clock: Clock;
}) {
  const { db, repository } = deps;

  async function me(caller: Caller): Promise<Me> {
    const [account, roles, admin, hasVerifiedFactor] = await Promise.all([
      repository.findAccount(db, caller.userId),
      repository.findRoles(db, caller.userId),
      deps.admin.findAdmin(caller.userId),
      deps.hasVerifiedFactor(caller.userId),
    ]);
    if (!account) throw new AppError('UNAUTHENTICATED');
    return {
      user_id: account.id,
      email: account.email,
      full_name:
        account.fullName ??
        (typeof account.userMetadata.full_name === 'string' ? account.userMetadata.full_name : null),
      created_at: account.createdAt.toISOString(),
      roles: roles.map((row) => row.role),
      active_role: resolveActiveRole(roles),
      admin,
      aal: caller.aal,
      has_verified_factor: hasVerifiedFactor,
      is_guest: caller.guest,
    };
  }

  return {
    me,

    /** set_last_active_role(user_uuid, role_name): holds the role from now on and makes it the active one. */
    async setLastActiveRole(caller: Caller, role: Role): Promise<Me> {
      await db.transaction(async (tx) => {
        await repository.lockUser(tx, caller.userId);
        const roles = await repository.findRoles(tx, caller.userId);
        await repository.activateRole(tx, caller.userId, role, roles.length === 0);
      });
      return me(caller);
    },

    /**
     * Grants a role inside the caller's transaction (an approved coach application grants 'coach').
     * The active role stays as it is; a person without any role gets this one as primary and active.
     */
    async grantRole(executor: DbExecutor, userId: string, role: Role): Promise<void> {
      await repository.lockUser(executor, userId);
      const roles = await repository.findRoles(executor, userId);
      await repository.grantRole(executor, userId, role, roles.length === 0);
    },

    /**
     * SPEC §2: a new account (under 5 minutes) with no role and a role hint gets that role, default
     * client. Hints can only ever give client or coach. Returns the person as they are afterwards.
     */
    async assignAutomaticRole(
      caller: Caller,
      hints: { asParam?: string | null; signupFlag?: boolean; onAuthPage?: boolean },
    ): Promise<Me> {
      await db.transaction(async (tx) => {
        await repository.lockUser(tx, caller.userId);
        const [account, roles] = await Promise.all([
          repository.findAccount(tx, caller.userId),
          repository.findRoles(tx, caller.userId),
        ]);
        if (!account || roles.length > 0) return;
        const role = automaticRole(account.createdAt, deps.clock.now(), {
          ...hints,
          metadataRole: account.userMetadata.role,
        });
        if (role) await repository.activateRole(tx, caller.userId, role, true);
      });
      return me(caller);
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
