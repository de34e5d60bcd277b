import type { z } from 'zod';
import type { PayoutDetails, payoutMethodCreateBodySchema } from '#contracts/payouts';

/** A create body after validation (digits stripped of spaces and dashes, text trimmed). */
export type ParsedPayoutMethodBody = z.output<typeof payoutMethodCreateBodySchema>;
type ParsedBody = ParsedPayoutMethodBody;

/** What is stored in payout_methods.details for each kind (never shown to coaches). */
export function detailsOf(body: ParsedBody): Record<string, string> {
  return body.kind === 'bank_account'
    ? {
        holder_name: body.holder_name,
        bank_name: body.bank_name,
        routing_number: body.routing_number,
        account_number: body.account_number,
      }
    : { email: body.email.toLowerCase() };
}

const BULLETS = '••';

/** "jo••@example.com": enough to recognise one's own address, not enough to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return BULLETS;
  const local = email.slice(0, at);
  const visible = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${visible}${BULLETS}${email.slice(at)}`;
}

/** What a coach sees of a method: "Chase ••6789" or "PayPal jo••@example.com". */
export function labelOf(body: ParsedBody): string {
  if (body.kind === 'paypal') return `PayPal ${maskEmail(body.email.toLowerCase())}`;
  const bank = body.bank_name.length > 40 ? `${body.bank_name.slice(0, 39)}…` : body.bank_name;
  return `${bank} ${BULLETS}${body.account_number.slice(-4)}`;
}

/** The stored details as the admin contract shape; null when the row does not hold what its kind needs. */
export function payoutDetailsOf(kind: string, details: Record<string, string>): PayoutDetails | null {
  if (kind === 'paypal' && typeof details.email === 'string') return { kind: 'paypal', email: details.email };
  if (
    kind === 'bank_account' &&
    typeof details.holder_name === 'string' &&
    typeof details.bank_name === 'string' &&
    typeof details.routing_number === 'string' &&
    typeof details.account_number === 'string'
  )
    return {
      kind: 'bank_account',
      holder_name: details.holder_name,
      bank_name: details.bank_name,
      routing_number: details.routing_number,
      account_number: details.account_number,
    };
  return null;
}
