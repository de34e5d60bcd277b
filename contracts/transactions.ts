import { z } from 'zod';

/**
 * SPEC §3 transaction shape: id, coach_id, source_type, source_id, amount, transaction_type (credit,
 * debit), description, client_name, created_at. `amount` is positive integer cents; the type says the
 * direction. The wallet (a client's view) and coach earnings narrow it (contracts/wallet.ts, earnings.ts).
 */
export const transactionSchema = z.object({
  id: z.string().uuid(),
  coach_id: z.string().uuid().nullable(),
  source_type: z.string(),
  source_id: z.string(),
  amount: z.number().int(),
  transaction_type: z.enum(['credit', 'debit']),
  description: z.string(),
  client_name: z.string().nullable(),
  created_at: z.string(),
});
