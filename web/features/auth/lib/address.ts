import { emailSchema, phoneSchema } from '#contracts/auth';

export type Address = { email: string } | { phone: string };

// The same schemas (and messages) the server validates with: emailSchema, phoneSchema.

const LOOKS_LIKE_PHONE = /^[+\d\s().-]+$/;

export const PHONE_HINT = 'For a phone number, start with + and the country code, like +14155550123.';

/** Reads what someone typed in "Email or phone number": an email, an E.164 phone number, or why neither. */
export function parseAddress(raw: string): { address: Address } | { error: string } {
  const value = raw.trim();
  if (!value.includes('@') && LOOKS_LIKE_PHONE.test(value)) {
    const phone = phoneSchema.safeParse(value);
    return phone.success
      ? { address: { phone: phone.data } }
      : { error: phone.error.issues[0]?.message ?? PHONE_HINT };
  }
  const email = emailSchema.safeParse(value);
  return email.success
    ? { address: { email: email.data } }
    : { error: email.error.issues[0]?.message ?? 'Please enter a valid email address.' };
}

export const isPhone = (address: Address): address is { phone: string } => 'phone' in address;

export const addressText = (address: Address) => (isPhone(address) ? address.phone : address.email);
