import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from './client';
import { userRoles } from './schema/index';

/**
 * Whether the person holds `role` (active or not). One query that several modules' repositories need
 * (coaches' own services, programs, coupons, earnings, payouts; a coach view of a client).
 */
export async function holdsRole(executor: DbExecutor, userId: string, role: 'client' | 'coach') {
  const [row] = await executor
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
  return row !== undefined;
}
