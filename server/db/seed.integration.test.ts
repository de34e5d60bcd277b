import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';
import { verifyPassword } from '../modules/auth/password';
import { adminUsers, profiles, userRoles, users } from './schema/index';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';

describe('seedDemoData', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('seeds the demo accounts exactly once, even when two instances start together', async () => {
    const now = new Date('2026-11-21T09:00:00Z');
    const results = await Promise.all([seedDemoData(database.db, now), seedDemoData(database.db, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(database.db, now)).toBe(false);

    const allUsers = await database.db.select().from(users);
    expect(allUsers).toHaveLength(DEMO_ACCOUNTS.length);
    expect(await database.db.select().from(profiles)).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('gives each demo account its roles, a verified email and a password that verifies', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email));
      expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(user?.encryptedPassword ?? '', account.password)).toBe(true);
      const roles = await database.db
        .select()
        .from(userRoles)
        .where(eq(userRoles.userId, user?.id ?? ''));
      expect(roles.map((row) => row.role).sort()).toEqual([...account.roles].sort());
      const admin = await database.db
        .select()
        .from(adminUsers)
        .where(eq(adminUsers.userId, user?.id ?? ''));
      expect(admin.map((row) => row.adminRole)).toEqual(account.adminRole ? [account.adminRole] : []);
    }
  });
});
