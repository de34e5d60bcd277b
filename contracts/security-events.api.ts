import { securityEventBodySchema } from './auth';
import { defineEndpoint } from './endpoint';
import { z } from 'zod';

/** POST /api/rpc/log_security_event_safe: whether the event was stored (a refusal is silent). */
export const securityEventStoredSchema = z.object({ stored: z.boolean() });

/** SPEC §7 log_security_event_safe: events reported by the browser, stored as client-reported. */
export const securityEventsApi = {
  report: defineEndpoint({
    method: 'POST',
    path: '/api/rpc/log_security_event_safe',
    summary: 'The browser reports a security event (stored as client-reported, rate-limited per person)',
    tag: 'Security events',
    access: 'signed-in',
    body: securityEventBodySchema,
    responses: { 200: securityEventStoredSchema },
  }),
} as const;
