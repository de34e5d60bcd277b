import { RATE_MINUTES } from './pricing';

/**
 * The highest amounts a coach may ask (a rate of 2,147,483,647 cents was accepted).
 * One place for the API's schemas and the forms that show them.
 *
 * - An on-demand rate (per 15 minutes, SPEC §9): at most $1,000.00 — ten times the dearest coaching
 *   market rate, far below anything that could overflow a price or a hold.
 * - A service's or a program's price (a whole session or program): at most $10,000.00.
 */
export const MAX_RATE_CENTS = 100_000;
export const MAX_PRICE_CENTS = 1_000_000;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const RATE_LIMIT_MESSAGE = `Set a rate between $0.00 and ${dollars(MAX_RATE_CENTS)} per ${RATE_MINUTES} minutes, or leave it empty for the default.`;
export const PRICE_LIMIT_MESSAGE = `Set a price between 0.00 and ${dollars(MAX_PRICE_CENTS).slice(1)}.`;
