import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { appMeta, userRoles, users } from '../db/schema/index';

/**
 * A demo person's account row with a confirmed address (the seed's only way to make one): with a
 * password hash for the accounts people sign in with, without one for those who only populate the
 * marketplace. `createdAt` dates a person into the demo's past.
 */
export async function insertDemoUser(
  tx: DbExecutor,
  person: { email: string; fullName: string; now: Date; passwordHash?: string; createdAt?: Date },
): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({
      email: person.email,
      ...(person.passwordHash ? { encryptedPassword: person.passwordHash } : {}),
      emailConfirmedAt: person.now,
      userMetadata: { full_name: person.fullName },
      appMetadata: { provider: 'email', providers: ['email'] },
      ...(person.createdAt ? { createdAt: person.createdAt } : {}),
    })
    .returning({ id: users.id });
  if (!user) throw new Error(`demo user insert returned nothing for ${person.email}`);
  return user.id;
}

/**
 * Claims a seed's marker row in app_meta, in the transaction that writes the seed, so two instances
 * starting together cannot both seed. False: it was seeded before (or is being seeded right now).
 */
export async function claimSeedMarker(tx: DbExecutor, key: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(appMeta)
    .values({ key, value: { seededAt: now.toISOString() } })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  return claimed.length > 0;
}

/** The user id of the person with this sign-in address, if there is one. */
export async function userIdByEmail(tx: DbExecutor, email: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** A person's roles; the first is their primary and last active one. */
export async function insertRoles(
  tx: DbExecutor,
  userId: string,
  roles: readonly ('client' | 'coach')[],
): Promise<void> {
  for (const [index, role] of roles.entries()) {
    await tx.insert(userRoles).values({ userId, role, isPrimary: index === 0, isLastActive: index === 0 });
  }
}
