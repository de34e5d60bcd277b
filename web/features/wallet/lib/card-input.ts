import type { DemoConfirmBody } from '#contracts/wallet';

export type CardFormValues = { cardNumber: string; expiry: string; cvc: string };
export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

/** "4242424242424242" -> "4242 4242 4242 4242" as the person types (at most 19 digits). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12 / 30". */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * Checks the card form in the browser (the server checks again) and builds the request body; `now`
 * decides whether the expiry is in the past.
 */
export function parseCardForm(
  values: CardFormValues,
  now: Date,
): { ok: true; body: DemoConfirmBody } | { ok: false; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const digits = values.cardNumber.replace(/\D/g, '');
  if (digits.length < 13 || digits.length > 19) errors.cardNumber = 'Enter the full card number.';

  const expiry = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(values.expiry.trim());
  const month = expiry ? Number(expiry[1]) : NaN;
  const year = expiry ? 2000 + Number(expiry[2]) : NaN;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'Enter the expiry as MM / YY.';
  else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    errors.expiry = 'This card has expired. Use a future expiry date.';

  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'The CVC is the 3 digits on the back.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: { card_number: digits, exp_month: month, exp_year: year, cvc: values.cvc.trim() },
  };
}
