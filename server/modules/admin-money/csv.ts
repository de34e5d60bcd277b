import { formatDecimalDollars } from '#domain/money/format';

/**
 * CSV that is safe to open in a spreadsheet (OWASP "CSV injection"): a text cell starting with
 * =, +, -, @, a tab or a carriage return is prefixed with an apostrophe so it is never read as a
 * formula; cells with a comma, quote or line break are quoted (RFC 4180). Amounts are written by
 * `centsCell` as plain decimals ("-12.34"), which spreadsheets read as numbers, not formulas.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Integer cents as dollars with two decimals: 1234 -> "12.34", -5 -> "-0.05". */
export function centsCell(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an amount of cents: ${amount}`);
  return formatDecimalDollars(amount);
}

export function integerCell(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  return String(value);
}

/** Rows of already-made cells joined with CRLF (RFC 4180), ending with a line break. */
export const toCsv = (rows: string[][]) => `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
