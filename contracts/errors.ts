import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '#domain/errors/app-error';

const codes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The body of every error response of the API. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(codes),
    message: z.string(),
    requestId: z.string().optional(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
