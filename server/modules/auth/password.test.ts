import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores argon2id at OWASP parameters and verifies exactly what was typed', async () => {
    const encoded = await hashPassword('correct horse battery staple ');
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(encoded, 'correct horse battery staple ')).toBe(true);
    expect(await verifyPassword(encoded, 'correct horse battery staple')).toBe(false);
  });
});
