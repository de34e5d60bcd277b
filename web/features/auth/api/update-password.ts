import { userSchema } from '#contracts/auth';
import { apiRequest } from '#web/lib/api-client';

/** PUT /auth/v1/user with a new password (right after a recovery sign-in, which counts as recent). */
export const updatePassword = (password: string) =>
  apiRequest('/auth/v1/user', userSchema, { method: 'PUT', body: { password } });
