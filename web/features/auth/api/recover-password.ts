import { z } from 'zod';
import { apiRequest } from '#web/lib/api-client';

/** POST /auth/v1/recover: sends a 6-digit reset code to the address if it has an account. */
export const recoverPassword = (email: string) =>
  apiRequest('/auth/v1/recover', z.object({}), { method: 'POST', body: { email } });
