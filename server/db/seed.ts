import { hashPassword } from '../modules/auth/password';
import type { Database } from './client';
import { adminUsers, appMeta, profiles, userRoles, users } from './schema/index';

export type DemoAccount = {
  label: string;
  email: string;
  password: string;
  fullName: string;
  username: string;
  roles: ('client' | 'coach')[];
  adminRole?: 'super_admin';
};

/** The demo accounts printed by `npm start` and listed in README.md. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    label: 'Client',
    email: 'client@wellspring.demo',
    password: 'wellspring-demo-client',
    fullName: 'Maya Thompson',
    username: 'maya-thompson',
    roles: ['client'],
  },
  {
    label: 'Coach',
    email: 'coach@wellspring.demo',
    password: 'wellspring-demo-coach',
    fullName: 'Dr. Lena Ortiz',
    username: 'lena-ortiz',
    roles: ['coach'],
  },
  {
    label: 'Admin',
    email: 'admin@wellspring.demo',
    password: 'wellspring-demo-admin',
    fullName: 'Sam Rivera',
    username: 'sam-rivera',
    roles: [],
    adminRole: 'super_admin',
  },
];

const SEED_KEY = 'demo_seed';

/**
 * Seeds the demo data once per database. The marker row is claimed first, in the same transaction
 * as the data, so two instances starting together cannot both seed. Returns whether it seeded now.
 */
export async function seedDemoData(db: Database, now: Date): Promise<boolean> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: { seededAt: now.toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          encryptedPassword: hashes[index],
          emailConfirmedAt: now,
          userMetadata: { full_name: account.fullName },
          appMetadata: { provider: 'email', providers: ['email'] },
        })
        .returning({ id: users.id });
      if (!user) throw new Error('demo user insert returned nothing');
      await tx.insert(profiles).values({
        userId: user.id,
        fullName: account.fullName,
        username: account.username,
        email: account.email,
      });
      for (const [roleIndex, role] of account.roles.entries()) {
        await tx
          .insert(userRoles)
          .values({ userId: user.id, role, isPrimary: roleIndex === 0, isLastActive: roleIndex === 0 });
      }
      if (account.adminRole) {
        await tx.insert(adminUsers).values({ userId: user.id, adminRole: account.adminRole, isActive: true });
      }
    }
    return true;
  });
}
