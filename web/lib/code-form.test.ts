import { describe, expect, it } from 'vitest';
import { codeFormSchema } from './code-form';

describe('codeFormSchema', () => {
  it('hands over the six digits without the spaces typed between them', () => {
    expect(codeFormSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
  });

  it.each(['', '12345', '1234567', '12a456'])(
    'refuses %j with the one message, on the code field',
    (code) => {
      const result = codeFormSchema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['code'], 'Enter the 6-digit code.'],
      ]);
    },
  );
});
