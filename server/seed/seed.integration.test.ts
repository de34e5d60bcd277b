import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalObjectStorage } from '../adapters/storage/local-object-storage';
import { DEMO_COACHES } from './demo-coaches';
import { DEMO_CLIENTS } from './demo-history';
import { useTestDatabase } from '#test/support/test-app';
import { verifyPassword } from '../modules/auth/password';
import {
  adminUsers,
  coachDirectory,
  coachFollows,
  profiles,
  programs,
  services,
  userRoles,
  users,
} from '../db/schema/index';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';

describe('seedDemoData', () => {
  const database = useTestDatabase();

  it('seeds the demo accounts exactly once, even when two instances start together', async () => {
    const now = new Date('2026-11-21T09:00:00Z');
    const results = await Promise.all([seedDemoData(database.db, now), seedDemoData(database.db, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(database.db, now)).toBe(false);

    // The demo coach accounts are demo coaches too; the other coaches are accounts of their own.
    const coachAccounts = DEMO_ACCOUNTS.filter((account) =>
      DEMO_COACHES.some((coach) => coach.email === account.email),
    ).length;
    expect(coachAccounts).toBe(3);
    // The past reviewers are demo clients of their own (the demo client account is one of them).
    const clients = Object.values(DEMO_CLIENTS).filter(
      (client) => !DEMO_ACCOUNTS.some((account) => account.email === client.email),
    ).length;
    const people = DEMO_ACCOUNTS.length + DEMO_COACHES.length - coachAccounts + clients;
    expect(await database.db.select().from(users)).toHaveLength(people);
    expect(await database.db.select().from(profiles)).toHaveLength(people);
  }, 120_000);

  it('lists every demo coach in discovery with services, stats and prices, and a program where given', async () => {
    expect(DEMO_COACHES.length).toBeGreaterThanOrEqual(12);
    const listed = await database.db.select().from(coachDirectory);
    expect(listed.map((row) => row.username).sort()).toEqual(DEMO_COACHES.map((c) => c.username).sort());
    for (const coach of DEMO_COACHES) {
      const row = listed.find((entry) => entry.username === coach.username);
      expect(row?.categories).toEqual([...coach.categories].sort());
      expect(row?.isOnline).toBe(coach.online);
      expect(row?.priceText).toBe(coach.prices.text ?? 3000);
      const own = await database.db
        .select()
        .from(services)
        .where(eq(services.coachId, row?.coachId ?? ''));
      expect(own).toHaveLength(coach.services.length);
    }
    expect(listed.filter((row) => row.isOnline).length).toBeGreaterThan(0);
    expect(listed.filter((row) => !row.isOnline).length).toBeGreaterThan(0);
    const published = await database.db.select().from(programs).where(eq(programs.status, 'published'));
    expect(published).toHaveLength(DEMO_COACHES.filter((c) => c.program).length);
    // Full-text search finds a coach by what is written in a service, not only the name.
    const [found] = await database.db
      .select({ username: coachDirectory.username })
      .from(coachDirectory)
      .where(sql`${coachDirectory.search} @@ plainto_tsquery('english', 'salary negotiation')`);
    expect(found?.username).toBe('amara-okafor');
    expect(await database.db.select().from(coachFollows)).toHaveLength(2);
  });

  it('seeds demo money once, through the ledger: the client has a balance, coaches have earnings, invariants hold', async () => {
    const balance = async (kind: string, email: string | null) => {
      const result = await database.db.execute<{ total: string }>(sql`
        select coalesce(sum(e.amount), 0)::text as total
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        left join users u on u.id = a.owner_user_id
        where a.kind = ${kind} and (${email}::text is null or u.email = ${email})`);
      return Number(result.rows[0]?.total);
    };
    const wallet = await balance('client_wallet', 'client@wellspring.demo');
    const coach = await balance('coach_pending', 'coach@wellspring.demo');
    const platform = await balance('platform_revenue', null);
    expect(wallet).toBeGreaterThan(0);
    expect(coach).toBeGreaterThan(0);
    expect(platform).toBeGreaterThan(0);
    const captured = await database.db.execute<{ count: string; coach: string; platform: string }>(sql`
      select count(*)::text as count, sum(captured_coach_amount)::text as coach,
             sum(captured_platform_amount)::text as platform
      from money_holds h join users u on u.id = h.client_id
      where h.status = 'captured' and u.email = 'client@wellspring.demo'`);
    expect(Number(captured.rows[0]?.count)).toBeGreaterThanOrEqual(10);
    const toppedUp = await database.db.execute<{ total: string }>(sql`
      select coalesce(sum(p.amount), 0)::text as total from payments p join users u on u.id = p.user_id
      where p.status = 'succeeded' and u.email = 'client@wellspring.demo'`);
    // Every cent the client paid is the coaches' plus the platform's; the ledger as a whole sums to 0.
    expect(Number(captured.rows[0]?.coach) + Number(captured.rows[0]?.platform)).toBe(
      Number(toppedUp.rows[0]?.total) - wallet,
    );
    const allCaptured = await database.db.execute<{ platform: string }>(sql`
      select sum(captured_platform_amount)::text as platform from money_holds where status = 'captured'`);
    expect(platform).toBe(Number(allCaptured.rows[0]?.platform));
    const total = await database.db.execute<{ total: string }>(
      sql`select coalesce(sum(amount), 0)::text as total from ledger_entries`,
    );
    expect(total.rows[0]?.total).toBe('0');
    // A second start adds nothing.
    await seedDemoData(database.db, new Date('2026-11-21T09:00:00Z'));
    expect(await balance('client_wallet', 'client@wellspring.demo')).toBe(wallet);
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

describe('seedDemoData with a picture store', () => {
  const database = useTestDatabase();
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-seed-pictures-'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('draws a portrait and a cover for every demo coach and links them to the profile', async () => {
    await seedDemoData(database.db, new Date('2026-11-21T09:00:00Z'), createLocalObjectStorage(root));
    const storage = createLocalObjectStorage(root);
    const rows = await database.db
      .select({ avatar: profiles.avatarUrl, cover: profiles.coverImageUrl })
      .from(profiles)
      .innerJoin(coachDirectory, eq(coachDirectory.coachId, profiles.userId));
    expect(rows).toHaveLength(DEMO_COACHES.length);
    for (const row of rows) {
      for (const url of [row.avatar, row.cover]) {
        expect(url).toMatch(/^\/api\/uploads\/files\//);
        const stored = await storage.get((url ?? '').replace('/api/uploads/files/', ''));
        const meta = await sharp(stored?.bytes).metadata();
        expect(meta.format).toBe('webp');
      }
    }
  }, 120_000);
});
