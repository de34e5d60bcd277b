import { inArray } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { platformSettings } from '#server/db/schema/index';

/** platform_settings: key -> JSON value (seeded by migration 0008). */
export function createPlatformSettingsRepository() {
  return {
    async read(executor: DbExecutor, keys: string[]): Promise<Map<string, unknown>> {
      const rows = await executor
        .select({ key: platformSettings.key, value: platformSettings.value })
        .from(platformSettings)
        .where(inArray(platformSettings.key, keys));
      return new Map(rows.map((row) => [row.key, row.value]));
    },
  };
}

export type PlatformSettingsRepository = ReturnType<typeof createPlatformSettingsRepository>;
