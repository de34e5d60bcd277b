import { describe, expect, it } from 'vitest';
import { firstNameOf } from './person-name';

describe('firstNameOf', () => {
  it('greets by the first name, skipping titles and punctuation', () => {
    expect(firstNameOf('Maya Thompson')).toBe('Maya');
    expect(firstNameOf('Dr. Lena Ortiz')).toBe('Lena');
    expect(firstNameOf('dr lena ortiz')).toBe('lena');
    expect(firstNameOf('Prof. Dr. Ana Silva')).toBe('Ana');
    expect(firstNameOf('  Sam,  ')).toBe('Sam');
    expect(firstNameOf('Cher')).toBe('Cher');
  });

  it('keeps the title with a lone surname, and answers null for no name', () => {
    expect(firstNameOf('Dr. Ortiz')).toBe('Dr. Ortiz');
    expect(firstNameOf('Dr.')).toBeNull();
    expect(firstNameOf('   ')).toBeNull();
    expect(firstNameOf(null)).toBeNull();
    expect(firstNameOf(undefined)).toBeNull();
  });
});
