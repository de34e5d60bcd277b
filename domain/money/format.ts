/**
 * The one way money is written, for the web's screens and the server's emails and messages alike.
 * Exact for every safe integer of cents (no division into floating-point dollars).
 */

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whole cents; a fractional amount (never expected) is rounded to the nearest cent, halves away from 0. */
const wholeCents = (amount: number) =>
  Number.isInteger(amount) ? amount : Math.sign(amount) * Math.round(Math.abs(amount));

function parts(amount: number): { sign: '' | '-'; dollars: string; cents: string } {
  const whole = wholeCents(amount);
  const absolute = Math.abs(whole);
  return {
    sign: whole < 0 ? '-' : '',
    dollars: String(Math.floor(absolute / 100)),
    cents: String(absolute % 100).padStart(2, '0'),
  };
}

/** Cents as people read them: 3000 -> "$30.00", 123456 -> "$1,234.56", -500 -> "-$5.00". */
export function formatCents(amount: number): string {
  const { sign, dollars, cents } = parts(amount);
  return `${sign}$${groupThousands(dollars)}.${cents}`;
}

/** Cents as a plain decimal (CSV files, a dollars input): 1234 -> "12.34", -5 -> "-0.05". */
export function formatDecimalDollars(amount: number): string {
  const { sign, dollars, cents } = parts(amount);
  return `${sign}${dollars}.${cents}`;
}

/**
 * The dollars a person typed, in cents: "30", "30.5", "$30.50", "1,234.56" -> cents; "" -> null;
 * anything that is not a non-negative amount with at most two decimals -> undefined (invalid).
 * Reads everything `formatCents` and `formatDecimalDollars` write for non-negative amounts.
 */
export function parseDollars(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (trimmed === '') return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(amount) ? amount : undefined;
}
