import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { describeErrorForLog, redactUrl } from './log-safety';

describe('redactUrl', () => {
  it('masks the values of sensitive query keys and keeps the rest', () => {
    expect(redactUrl('/auth/callback?code=abc&state=xyz&next=%2Fportal')).toBe(
      '/auth/callback?code=%5Bredacted%5D&state=xyz&next=%2Fportal',
    );
    expect(redactUrl('/reset?access_token=eyJhbGciOi')).toBe('/reset?access_token=%5Bredacted%5D');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('describeErrorForLog', () => {
  it('reduces a wrapped database error to its SQLSTATE, constraint and stack frames', () => {
    const error = new Error(
      'Failed query: insert into users (email) values ($1)\nparams: someone@example.com',
      {
        cause: Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), {
          code: '23505',
          constraint: 'users_email_uq',
          table: 'users',
        }),
      },
    );
    error.name = 'DrizzleQueryError';
    const described = describeErrorForLog(error);
    expect(described).toMatchObject({
      type: 'DatabaseError',
      sqlState: '23505',
      constraint: 'users_email_uq',
      table: 'users',
    });
    expect(JSON.stringify(described)).not.toContain('someone@example.com');
    expect(JSON.stringify(described)).not.toMatch(/insert into|duplicate key/);
  });

  it("keeps Drizzle's SQL and values out of the log when the driver's error has no SQLSTATE", () => {
    const wrapped = new DrizzleQueryError(
      'select "id" from "auth_sessions" where "auth_sessions"."id" = $1',
      ['8e74f860-1e75-444e-8d55-acbfb8cf687e'],
      new Error('timeout exceeded when trying to connect'),
    );
    const described = describeErrorForLog(wrapped);
    expect(described).toMatchObject({
      type: 'DatabaseError',
      cause: { type: 'Error', message: 'timeout exceeded when trying to connect' },
    });
    expect(JSON.stringify(described)).not.toMatch(/8e74f860|auth_sessions/);
  });

  it('keeps ordinary errors readable', () => {
    expect(describeErrorForLog(new TypeError('x is undefined'))).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
    });
    expect(describeErrorForLog('a string')).toEqual({ type: 'string' });
  });
});
