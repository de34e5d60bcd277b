import { defineEndpoint } from './endpoint';
import { healthResponseSchema } from './health';

/** Liveness and readiness for load balancers and monitors (never rate-limited, never cached). */
export const healthApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Health: 200 when the database, migrations and ledger invariants are fine, 503 otherwise',
    tag: 'Health',
    access: 'public',
    responses: { 200: healthResponseSchema, 503: healthResponseSchema },
  }),
} as const;
