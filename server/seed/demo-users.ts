import type { DbExecutor } from '../db/client';
import { users } from '../db/schema/index';

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
