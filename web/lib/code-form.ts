import { z } from 'zod';

/** Sign-in, recovery, the second factor and settings share it. A 6-digit code as typed (an app may show it as "123 456"): spaces dropped, then exactly six digits. */
export const sixDigitCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'));

/** A form with one code field, `code`, handing over the six digits. */
export const codeFormSchema = z.object({ code: sixDigitCodeSchema });
