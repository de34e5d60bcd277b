import { formatDecimalDollars, parseDollars } from '#domain/money/format';

/**
 * Money is integer cents everywhere (DESIGN.md "Honest money"), written by the one formatter of
 * domain/money/format.ts that the server's emails and messages use too, so prices read the same
 * wherever they appear. Kept here under the web's names: the screens and forms import them from lib.
 */
export { formatCents } from '#domain/money/format';

/** Cents as the text of a dollars input: 3000 -> "30.00", null -> "". */
export const centsToInput = (cents: number | null): string =>
  cents === null ? '' : formatDecimalDollars(cents);

/**
 * The dollars a person typed, in cents: "30", "30.5", "$30.50" -> 3050; "" -> null; anything that is
 * not a non-negative amount with at most two decimals -> undefined (invalid).
 */
export const inputToCents = (text: string): number | null | undefined => parseDollars(text);
