import { z } from 'zod';
import { challengeResponseSchema, enrollFactorResponseSchema } from '#contracts/auth';
import { apiRequest } from '#web/lib/api-client';

const factorPath = (id: string) => `/auth/v1/factors/${encodeURIComponent(id)}`;

/** POST /auth/v1/factors: a new, unverified TOTP factor with its QR code and secret. */
export const enrollTotpFactor = () =>
  apiRequest('/auth/v1/factors', enrollFactorResponseSchema, {
    method: 'POST',
    body: { factor_type: 'totp', friendly_name: 'Authenticator app' },
  });

/** POST /auth/v1/factors/:id/challenge. */
export const challengeFactor = (id: string) =>
  apiRequest(`${factorPath(id)}/challenge`, challengeResponseSchema, { method: 'POST' });

/** The verify path, answered through the auth client so the aal2 session replaces the current one. */
export const verifyFactorPath = (id: string) => `${factorPath(id)}/verify`;

/** DELETE /auth/v1/factors/:id (a verified one needs an aal2 session). */
export const removeFactor = (id: string) =>
  apiRequest(factorPath(id), z.object({ id: z.string() }), { method: 'DELETE' });
