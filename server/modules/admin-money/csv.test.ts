import { describe, expect, it } from 'vitest';
import { centsCell, integerCell, textCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('never lets a text cell start a formula', () => {
    expect(textCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(textCell('+1')).toBe("'+1");
    expect(textCell('-2+3')).toBe("'-2+3");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(textCell('\tcmd')).toBe("'\tcmd");
    expect(textCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(textCell('plain')).toBe('plain');
    expect(textCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(textCell('a,b')).toBe('"a,b"');
    expect(textCell('say "hi"')).toBe('"say ""hi"""');
    expect(textCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes cents as exact dollars, negatives included', () => {
    expect(centsCell(0)).toBe('0.00');
    expect(centsCell(5)).toBe('0.05');
    expect(centsCell(1234)).toBe('12.34');
    expect(centsCell(-5)).toBe('-0.05');
    expect(centsCell(-123456789)).toBe('-1234567.89');
    expect(centsCell(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(() => centsCell(1.5)).toThrow(RangeError);
    expect(integerCell(3)).toBe('3');
    expect(() => integerCell(Number.NaN)).toThrow(RangeError);
  });

  it('joins rows with CRLF and ends with a line break', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe('a,b\r\n1,2\r\n');
  });
});
