import { z } from 'zod';
import { apiRequest } from '#web/lib/api-client';
import type { Address } from '../lib/address';

/**
 * POST /auth/v1/otp: sends a 6-digit sign-in code. No account is created here (create_user false),
 * and the server answers the same whether or not the address has an account.
 */
export const requestSignInCode = (address: Address) =>
  apiRequest('/auth/v1/otp', z.object({}), { method: 'POST', body: { ...address, create_user: false } });
