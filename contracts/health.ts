import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['current', 'pending', 'unknown']),
    /** The ledger invariant check of this instance (start-up, then hourly); `broken` makes the status degraded. */
    ledger: z.enum(['ok', 'broken', 'unchecked']),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
