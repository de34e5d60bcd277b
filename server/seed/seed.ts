import { eq } from 'drizzle-orm';
import type { ObjectStorage } from '../adapters/storage/object-storage';
import { hashPassword } from '../modules/auth/password';
import type { Database, DbExecutor } from '../db/client';
import { DEMO_COACH_ZONES, DEMO_COACHES, DEMO_WEEKLY_HOURS } from './demo-coaches';
import { claimSeedMarker, insertDemoUser, insertRoles, userIdByEmail } from './demo-users';
import { seedDemoHistory } from './seed-history';
import { renderCover, renderPortrait } from './demo-photos';
import {
  adminUsers,
  appMeta,
  clientProfiles,
  coachApplications,
  coachAvailability,
  coachCategories,
  coachFollows,
  profiles,
  programLessons,
  programs,
  services,
} from '../db/schema/index';

export type DemoAccount = {
  label: string;
  email: string;
  password: string;
  fullName: string;
  username: string;
  roles: ('client' | 'coach')[];
  adminRole?: 'super_admin' | 'coach_manager' | 'financial_admin';
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
    label: 'Coach 2',
    email: 'kenji.watanabe@coaches.wellspring.demo',
    password: 'wellspring-demo-coach2',
    fullName: 'Kenji Watanabe',
    username: 'kenji-watanabe',
    roles: ['coach'],
  },
  {
    // The instant-session journey's coach (test/e2e/sessions.spec.ts), so it never disturbs the others.
    label: 'Coach 3',
    email: 'sofia.marquez@coaches.wellspring.demo',
    password: 'wellspring-demo-coach3',
    fullName: 'Sofia Márquez',
    username: 'sofia-marquez',
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
  {
    label: 'Reviewer',
    email: 'reviewer@wellspring.demo',
    password: 'wellspring-demo-reviewer',
    fullName: 'Ines Duarte',
    username: 'ines-duarte',
    roles: [],
    adminRole: 'coach_manager',
  },
  {
    label: 'Finance',
    email: 'finance@wellspring.demo',
    password: 'wellspring-demo-finance',
    fullName: 'Noor Haddad',
    username: 'noor-haddad',
    roles: [],
    adminRole: 'financial_admin',
  },
];

const SEED_KEY = 'demo_seed';

type Pictures = { avatar: Buffer; cover: Buffer }[];

/**
 * Seeds the demo data once per database: the demo accounts, and the demo marketplace (DEMO_COACHES:
 * approved coaches with pictures drawn locally, services, a program; the demo client follows two of
 * them), then its past (seedDemoHistory: sessions and reviews, from which every coach's stats follow).
 * The marker row is claimed first, in the same transaction as the data, so two instances starting
 * together cannot both seed. Pictures go to `storage` when given (without it coaches have
 * none). Returns whether it seeded now.
 */
export async function seedDemoData(db: Database, now: Date, storage?: ObjectStorage): Promise<boolean> {
  // A start on a seeded database skips the password hashing and the drawing below (seconds of CPU);
  // the marker claimed in the transaction still decides between two first starts.
  const [alreadySeeded] = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(eq(appMeta.key, SEED_KEY));
  if (alreadySeeded) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  const pictures: Pictures | undefined = storage
    ? await Promise.all(
        DEMO_COACHES.map(async (coach) => ({
          avatar: await renderPortrait(coach.look),
          cover: await renderCover(coach.cover),
        })),
      )
    : undefined;
  const seeded = await db.transaction(async (tx) => {
    if (!(await claimSeedMarker(tx, SEED_KEY, now))) return false;

    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const userId = await insertDemoUser(tx, {
        email: account.email,
        fullName: account.fullName,
        now,
        passwordHash: hashes[index],
      });
      await tx.insert(profiles).values({
        userId,
        fullName: account.fullName,
        username: account.username,
        email: account.email,
      });
      await insertRoles(tx, userId, account.roles);
      if (account.adminRole) {
        await tx.insert(adminUsers).values({ userId, adminRole: account.adminRole, isActive: true });
      }
    }
    await seedMarketplace(tx, now, storage && pictures ? { storage, pictures } : undefined);
    return true;
  });
  // The past has its own marker and transaction: demo clients, paid sessions, reviews, and so every
  // coach's stats, wallet and revenue, all through the real services (server/seed/seed-history.ts).
  await seedDemoHistory(db, now);
  return seeded;
}

async function seedMarketplace(
  tx: DbExecutor,
  now: Date,
  media: { storage: ObjectStorage; pictures: Pictures } | undefined,
) {
  const adminId = await userIdByEmail(tx, 'admin@wellspring.demo');
  const coachIds: string[] = [];
  for (const [index, coach] of DEMO_COACHES.entries()) {
    let coachId = await userIdByEmail(tx, coach.email);
    if (!coachId) {
      // A listed coach without a password: nobody signs in as them, they populate the marketplace.
      coachId = await insertDemoUser(tx, { email: coach.email, fullName: coach.fullName, now });
      await tx.insert(profiles).values({ userId: coachId, email: coach.email });
      await insertRoles(tx, coachId, ['coach']);
    }
    coachIds.push(coachId);

    let avatarUrl: string | null = null;
    let coverUrl: string | null = null;
    const picture = media?.pictures[index];
    if (media && picture) {
      const avatarKey = `${coachId}/avatar/demo-portrait.webp`;
      const coverKey = `${coachId}/cover/demo-cover.webp`;
      await media.storage.put(avatarKey, picture.avatar, 'image/webp');
      await media.storage.put(coverKey, picture.cover, 'image/webp');
      avatarUrl = `/api/uploads/files/${avatarKey}`;
      coverUrl = `/api/uploads/files/${coverKey}`;
    }

    await tx
      .update(profiles)
      .set({
        fullName: coach.fullName,
        username: coach.username,
        professionalTitle: coach.title,
        coachTagline: coach.tagline,
        shortBio: coach.shortBio,
        aboutMe: coach.aboutMe,
        workExperience: coach.workExperience,
        yearsExperience: coach.yearsExperience,
        avatarUrl,
        coverImageUrl: coverUrl,
        onDemandTextPrice: coach.prices.text,
        onDemandAudioPrice: coach.prices.audio,
        onDemandVideoPrice: coach.prices.video,
        isOnline: coach.online,
        lastOnlineConfirmAt: coach.online ? now : null,
        ...(coach.availabilityMessage ? { customAvailabilityMessage: coach.availabilityMessage } : {}),
        timeZone: DEMO_COACH_ZONES[coach.username] ?? 'UTC',
        updatedAt: now,
      })
      .where(eq(profiles.userId, coachId));
    // Bookable hours in the coach's own zone, with a quarter of an hour kept after each session.
    await tx.insert(coachAvailability).values({
      coachId,
      weekly: DEMO_WEEKLY_HOURS,
      bufferAfterMinutes: 15,
      updatedAt: now,
    });
    await tx.insert(coachCategories).values(coach.categories.map((category) => ({ coachId, category })));
    await tx.insert(coachApplications).values({
      userId: coachId,
      status: 'approved',
      experience: coach.workExperience,
      yearsExperience: coach.yearsExperience,
      categories: coach.categories,
      credentials: coach.workExperience,
      bio: coach.shortBio,
      intendedTextPrice: coach.prices.text,
      intendedAudioPrice: coach.prices.audio,
      intendedVideoPrice: coach.prices.video,
      reviewedBy: adminId ?? null,
      reviewedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(services).values(
      coach.services.map((service, position) => ({
        coachId,
        title: service.title,
        subtitle: service.subtitle,
        description: service.description,
        format: service.format,
        price: service.price,
        duration: service.duration,
        type: service.type,
        category: coach.categories[0],
        isPopular: service.isPopular ?? false,
        spotsLeft: service.spotsLeft ?? null,
        position,
        createdAt: now,
        updatedAt: now,
      })),
    );
    if (coach.program) {
      const [program] = await tx
        .insert(programs)
        .values({
          coachId,
          title: coach.program.title,
          subtitle: coach.program.subtitle,
          description: coach.program.description,
          category: coach.categories[0],
          coverImageUrl: coverUrl,
          price: 0,
          status: 'published',
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: programs.id });
      if (!program) throw new Error('demo program insert returned nothing');
      await tx.insert(programLessons).values(
        coach.program.lessons.map((lesson, index) => ({
          programId: program.id,
          position: index + 1,
          title: lesson.title,
          body: lesson.body,
          videoUrl: lesson.videoUrl ?? null,
          durationMinutes: lesson.durationMinutes,
        })),
      );
    }
  }

  const clientId = await userIdByEmail(tx, 'client@wellspring.demo');
  if (clientId) {
    await tx.insert(clientProfiles).values({
      userId: clientId,
      shortBio: 'Learning to slow down.',
      interests: ['stress', 'sleep', 'mindfulness'],
      updatedAt: now,
    });
    const followed = coachIds.slice(0, 2);
    await tx.insert(coachFollows).values(followed.map((coachId) => ({ clientId, coachId, createdAt: now })));
  }
}
