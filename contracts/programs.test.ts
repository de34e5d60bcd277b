import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors/app-error';
import { PROGRAM_MESSAGES } from './programs';

describe('program messages', () => {
  // Wallet payments work (top-ups, held and captured sessions): the notice must not say they are missing.
  it('say why paid programs are closed without claiming wallet payments are unavailable', () => {
    const texts = [
      PROGRAM_MESSAGES.paidNotice,
      PROGRAM_MESSAGES.publishedPriceLocked,
      new AppError('PAID_PROGRAMS_UNAVAILABLE').message,
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/wallet payments (are|exist|available)/i);
      expect(text).toMatch(/paid programs/i);
    }
  });
});
