import { z } from 'zod';

/**
 * Programs (issue #4). Money is integer cents. `programSummarySchema` is a program as listed on a
 * coach's pages (GET /api/coaches/:coachId/programs lists the published ones, public).
 */
export const PROGRAM_STATUSES = ['draft', 'published', 'archived'] as const;

export const programSummarySchema = z.object({
  id: z.uuid(),
  coach_id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  price: z.number().int(),
  status: z.enum(PROGRAM_STATUSES),
  lesson_count: z.number().int(),
  enrolled_count: z.number().int(),
  published_at: z.string().nullable(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

export const programSummaryListSchema = z.object({ programs: z.array(programSummarySchema) });
export type ProgramSummaryList = z.infer<typeof programSummaryListSchema>;
