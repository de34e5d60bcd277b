/**
 * Money is integer cents everywhere (DESIGN.md "Honest money"). One formatter for every screen, so
 * prices read the same wherever they appear.
 */
const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 3000 -> "$30.00". */
export const formatCents = (cents: number): string => formatter.format(cents / 100);

/** Cents as the text of a dollars input: 3000 -> "30.00", null -> "". */
export const centsToInput = (cents: number | null): string =>
  cents === null ? '' : (cents / 100).toFixed(2);

/**
 * The dollars a person typed, in cents: "30", "30.5", "$30.50" -> 3050; "" -> null; anything that is
 * not a non-negative amount with at most two decimals -> undefined (invalid).
 */
export function inputToCents(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}
