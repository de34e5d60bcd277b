import { sql } from 'drizzle-orm';
import type { DbExecutor } from './client';
import { preparedStatement } from './prepared';

const holdsRoleStatement = preparedStatement<{ held: boolean }>(
  'holds_role',
  () => sql`select exists (select 1 from user_roles
                            where user_id = ${sql.placeholder('userId')}::uuid
                              and role = ${sql.placeholder('role')}::"role") as held`,
);

/**
 * Whether the person holds `role` (active or not). One query that several modules' repositories need
 * (coaches' own services, programs, coupons, earnings, payouts; a coach view of a client). Prepared: a
 * role-guarded request runs it before anything else.
 */
export async function holdsRole(executor: DbExecutor, userId: string, role: 'client' | 'coach') {
  const [row] = await holdsRoleStatement(executor, { userId, role });
  return row?.held === true;
}

/** How many (user, role) pairs one instance remembers before starting over. */
const HELD_ROLES_LIMIT = 100_000;

/**
 * `holdsRole` for the access rules of every role-guarded endpoint, remembering the roles it found held.
 * A role is only ever added (the roles module inserts user_roles rows and changes their flags; nothing
 * deletes one but the deletion of the user, whose sign-in sessions go with it), so a role once held stays
 * held and needs no expiry: a request of someone known to be a coach asks the database nothing for it.
 * A role not held is asked again every time (it may be added any moment). If a role can ever be taken
 * away, this must forget it when that commits, as the session cache does (decision 011).
 */
export function rememberHeldRoles(executor: DbExecutor) {
  const held = new Set<string>();
  return async (userId: string, role: 'client' | 'coach'): Promise<boolean> => {
    const key = `${role}:${userId}`;
    if (held.has(key)) return true;
    const holds = await holdsRole(executor, userId, role);
    if (holds) {
      if (held.size >= HELD_ROLES_LIMIT) held.clear();
      held.add(key);
    }
    return holds;
  };
}
