import { loadPasswordCheckerOptions } from 'virtual:password-checker-options';
import { describe, expect, it } from 'vitest';
import { assessPassword, PASSWORD_CHECKER_OPTIONS } from '#domain/auth/password-strength';
import { loadPasswordAssessor } from './use-password-assessment';

// The browser's word lists come in parts (scripts/vite/password-dictionaries.ts): joined, they must be
// the server's lists exactly, in the same order, or the meter and the server would disagree.
describe('the password checker loaded in parts', () => {
  it('joins its parts back into the very lists the server uses', async () => {
    const options = await loadPasswordCheckerOptions();
    expect(Object.keys(options.dictionary)).toEqual(Object.keys(PASSWORD_CHECKER_OPTIONS.dictionary));
    for (const [name, words] of Object.entries(PASSWORD_CHECKER_OPTIONS.dictionary))
      expect(options.dictionary[name], name).toEqual(words);
    expect(options.graphs).toEqual(PASSWORD_CHECKER_OPTIONS.graphs);
    expect(options.translations).toEqual(PASSWORD_CHECKER_OPTIONS.translations);
  });

  it('gives the same verdict as the server', async () => {
    const assess = await loadPasswordAssessor();
    const inputs = ['pat@example.com', 'Pat Lee'];
    for (const password of [
      'password',
      'password123',
      'pat@example.com',
      'smithjohnson',
      'harbor lantern violet oat',
      'kq7vz2mfx9tr',
      'Tr0ub4dor&3',
      'correcthorsebatterystaple',
    ])
      expect(assess(password, inputs), password).toEqual(assessPassword(password, inputs));
  });
});
