import { describe, expect, it } from 'vitest';
import { parseAddress } from './address';

describe('parseAddress', () => {
  it('reads an email, trimmed and lowercased like the server', () => {
    expect(parseAddress('  Pat@Example.COM ')).toEqual({ address: { email: 'pat@example.com' } });
  });

  it('reads an E.164 phone number, dropping spaces, dots, dashes and brackets', () => {
    expect(parseAddress('+1 (415) 555-0123')).toEqual({ address: { phone: '+14155550123' } });
    expect(parseAddress('+44 20.7946.0958')).toEqual({ address: { phone: '+442079460958' } });
  });

  it('asks for the country code when it is missing', () => {
    expect(parseAddress('415 555 0123')).toEqual({
      error: 'Please enter the phone number with its country code, like +14155550123.',
    });
  });

  it('says an address that is neither is not a valid email', () => {
    expect(parseAddress('pat.example.com')).toEqual({ error: 'Please enter a valid email address.' });
    expect(parseAddress('pat@')).toEqual({ error: 'Please enter a valid email address.' });
  });
});
