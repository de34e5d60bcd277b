import { z } from 'zod';
import { SESSION_FORMATS } from '../domain/coaching/categories';

/**
 * Services (SPEC §3 service shape). Money is integer cents, duration in minutes.
 * `serviceSchema` is what a coach's page shows (GET /api/coaches/:coachId/services lists the active
 * ones, public); the owner's management API returns the same shape.
 */
export const serviceSchema = z.object({
  id: z.uuid(),
  coach_id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  format: z.enum(SESSION_FORMATS),
  price: z.number().int(),
  duration: z.number().int(),
  type: z.enum(['full', 'micro']),
  category: z.string().nullable(),
  is_active: z.boolean(),
  is_popular: z.boolean(),
  thumbnail_url: z.string().nullable(),
  booking_count: z.number().int(),
  spots_left: z.number().int().nullable(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListSchema = z.object({ services: z.array(serviceSchema) });
export type ServiceList = z.infer<typeof serviceListSchema>;
