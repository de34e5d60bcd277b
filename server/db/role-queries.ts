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
