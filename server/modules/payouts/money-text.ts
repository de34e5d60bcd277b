/** Cents as a plain decimal for files (CSV): 1234 -> "12.34", -5 -> "-0.05"; exact for any safe integer. */
export function decimalDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Cents as people read them in messages: 2000 -> "$20.00", 123456 -> "$1,234.56" (exact, no floats). */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(absolute % 100).padStart(2, '0')}`;
}
