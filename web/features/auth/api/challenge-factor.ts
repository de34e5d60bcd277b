import { challengeResponseSchema } from '#contracts/auth';
import { apiRequest } from '#web/lib/api-client';

/** POST /auth/v1/factors/:id/challenge: a challenge to answer with the authenticator's code within 5 minutes. */
export const challengeFactor = (factorId: string) =>
  apiRequest(`/auth/v1/factors/${encodeURIComponent(factorId)}/challenge`, challengeResponseSchema, {
    method: 'POST',
  });
