import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client';

export function createHealthRepository(db: Database) {
  return {
    /** The creation time of the newest applied migration, or null when none is applied. One round trip. */
    async findLatestAppliedMigrationMillis(): Promise<number | null> {
      try {
        const result = await db.execute<{ latest: string | null }>(
          sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
        );
        const latest = result.rows[0]?.latest;
        return latest == null ? null : Number(latest);
      } catch (error) {
        // No migrations table or schema yet: reachable, but nothing applied.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code === '42P01' || code === '3F000') return null;
        throw error;
      }
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
