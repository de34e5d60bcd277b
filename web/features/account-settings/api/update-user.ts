import { z } from 'zod';
import { userSchema, type updateUserBodySchema } from '#contracts/auth';
import { apiRequest } from '#web/lib/api-client';

export type UserChanges = Pick<
  z.input<typeof updateUserBodySchema>,
  'email' | 'phone' | 'password' | 'sign_out_others'
>;

/** PUT /auth/v1/user. Email, phone and password changes need a recent sign-in or `nonce` (see reauthenticate). */
export const updateUser = (changes: UserChanges & { nonce?: string }) =>
  apiRequest('/auth/v1/user', userSchema, { method: 'PUT', body: changes });

/** GET /auth/v1/reauthenticate: sends a 6-digit code to the person's email (or phone), usable as `nonce`. */
export const reauthenticate = () => apiRequest('/auth/v1/reauthenticate', z.object({}));

/** POST /auth/v1/verify (signed in): the code sent to a new email or phone makes it the account's. */
export const confirmAddressChange = (
  type: 'email_change' | 'phone_change',
  token: string,
  address: { email: string } | { phone: string },
) =>
  apiRequest('/auth/v1/verify', z.object({ user: userSchema }), {
    method: 'POST',
    body: { type, token, ...address },
  });
