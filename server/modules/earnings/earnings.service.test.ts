import { describe, expect, it } from 'vitest';
import type { EarningsTransaction } from '#contracts/earnings';
import { formatCents as dollars, formatDecimalDollars as decimalDollars } from '#domain/money/format';
import { refundedCoachShare as coachShareOf } from '#domain/ledger/postings';
import { csvCell, periodsOf, transactionsCsv } from './earnings.service';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0958', "'+44 20 7946 0958"],
    ['-5', "'-5"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', `"'\rReturn"`],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['line\nbreak', '"line\nbreak"'],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('transactionsCsv', () => {
  it('writes a header and one CRLF row per transaction, amounts in dollars', () => {
    const row: EarningsTransaction = {
      id: '00000000-0000-4000-8000-000000000001',
      coach_id: '00000000-0000-4000-8000-000000000002',
      source_type: 'session',
      source_id: 'abc',
      amount: 123456,
      transaction_type: 'credit',
      description: 'Video session with Ada (30 min)',
      client_name: null,
      created_at: '2026-11-21T09:00:00.000Z',
    };
    expect(
      transactionsCsv([row, { ...row, amount: 5, transaction_type: 'debit', client_name: '-Ada' }]),
    ).toBe(
      'id,created_at,source_type,source_id,transaction_type,amount,description,client_name\r\n' +
        '00000000-0000-4000-8000-000000000001,2026-11-21T09:00:00.000Z,session,abc,credit,1234.56,Video session with Ada (30 min),\r\n' +
        "00000000-0000-4000-8000-000000000001,2026-11-21T09:00:00.000Z,session,abc,debit,0.05,Video session with Ada (30 min),'-Ada\r\n",
    );
    expect(transactionsCsv([])).toBe(
      'id,created_at,source_type,source_id,transaction_type,amount,description,client_name\r\n',
    );
  });
});

describe('money text', () => {
  it.each([
    [0, '0.00', '$0.00'],
    [5, '0.05', '$0.05'],
    [2000, '20.00', '$20.00'],
    [123456, '1234.56', '$1,234.56'],
    [-1234, '-12.34', '-$12.34'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91', '$90,071,992,547,409.91'],
  ])('%d cents -> %s / %s', (cents, decimal, text) => {
    expect(decimalDollars(cents)).toBe(decimal);
    expect(dollars(cents)).toBe(text);
  });
});

describe('coachShareOf', () => {
  it('is the settlement rule: floor(refunded × coach / amount), adding up across partial refunds', () => {
    expect(coachShareOf(400, 950, 1000)).toBe(380);
    expect(coachShareOf(1, 95, 100)).toBe(0);
    expect(coachShareOf(1000, 950, 1000)).toBe(950);
    expect(coachShareOf(0, 950, 1000)).toBe(0);
  });
});

describe('periodsOf', () => {
  it('30 days: the UTC days ending today, starting at midnight 29 days ago', () => {
    const { unit, periods, from } = periodsOf('30d', new Date('2026-03-01T23:30:00Z'));
    expect(unit).toBe('day');
    expect(periods).toHaveLength(30);
    expect(periods[0]).toBe('2026-01-31');
    expect(periods.at(-1)).toBe('2026-03-01');
    expect(periods).toContain('2026-02-28');
    expect(from.toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });

  it('12 months: month starts, across a year boundary', () => {
    const { unit, periods, from } = periodsOf('12m', new Date('2026-02-15T10:00:00Z'));
    expect(unit).toBe('month');
    expect(periods).toEqual([
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(from.toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
});
