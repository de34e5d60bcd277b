import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUnsafeInput,
  findUnsafeRequestInput,
  INPUT_SAFETY_MESSAGES,
  MAX_INPUT_DEPTH,
  unstorableText,
} from './input-safety';

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('unstorableText', () => {
  it('refuses NUL and unpaired surrogates, anywhere in the text', () => {
    expect(unstorableText('a\u0000b')).toBe(INPUT_SAFETY_MESSAGES.nul);
    expect(unstorableText('\u0000')).toBe(INPUT_SAFETY_MESSAGES.nul);
    expect(unstorableText('x\uD800')).toBe(INPUT_SAFETY_MESSAGES.surrogate);
    expect(unstorableText('\uDC00x')).toBe(INPUT_SAFETY_MESSAGES.surrogate);
    expect(unstorableText('\uDC00\uD800')).toBe(INPUT_SAFETY_MESSAGES.surrogate);
  });

  it('keeps every well-formed text without NUL (emoji, controls PostgreSQL stores, bidi marks)', () => {
    for (const text of [
      '',
      'plain',
      '👋🏽 family',
      '\t\r\n\u0001\u001b\u007f',
      '\u202Eevil',
      '\uFFFF',
      'é'.normalize('NFD'),
    ])
      expect(unstorableText(text), JSON.stringify(text)).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(unstorableText(text.replaceAll('\u0000', ''))).toBeNull();
      }),
    );
  });

  it('finds a NUL wherever fast-check puts it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(unstorableText(`${before}\u0000${after}`)).not.toBeNull();
      }),
    );
  });
});

describe('findUnsafeInput', () => {
  it('names the path of the first bad string, through objects and arrays', () => {
    expect(findUnsafeInput({ profile: { tags: ['ok', 'b\u0000d'] } }, 'body')).toEqual({
      path: 'body.profile.tags.1',
      message: INPUT_SAFETY_MESSAGES.nul,
    });
    expect(findUnsafeInput('a\u0000', 'body')).toEqual({ path: 'body', message: INPUT_SAFETY_MESSAGES.nul });
  });

  it('checks keys too (jsonb keys are text)', () => {
    expect(findUnsafeInput({ fonts: { 'k\u0000': 1 } }, 'body')?.path).toBe('body.fonts');
  });

  it('allows exactly MAX_INPUT_DEPTH levels of nesting and refuses one more, without recursion', () => {
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH), 'body')).toBeNull();
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH + 1), 'body')?.message).toBe(INPUT_SAFETY_MESSAGES.depth);
    // Far deeper than any call stack: the walk stops at the cap.
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(findUnsafeInput(deep, 'body')?.message).toBe(INPUT_SAFETY_MESSAGES.depth);
  });

  it('leaves raw bytes and primitives alone', () => {
    expect(findUnsafeInput(Buffer.from('a\u0000b'), 'body')).toBeNull();
    expect(findUnsafeInput(new Uint8Array([0, 0]), 'body')).toBeNull();
    for (const value of [undefined, null, 0, true, 1.5]) expect(findUnsafeInput(value, 'body')).toBeNull();
  });

  it('walks objects whatever their prototype (query strings and path parameters have odd ones)', () => {
    const params = Object.create(Object.create(null) as object) as Record<string, string>;
    params.username = 'a\u0000b';
    expect(findUnsafeInput(params, 'params')?.path).toBe('params.username');
  });
});

describe('findUnsafeRequestInput', () => {
  it('checks params, query, headers and body, each under its own name', () => {
    const clean = { params: {}, query: {}, headers: {}, body: undefined };
    expect(findUnsafeRequestInput(clean)).toBeNull();
    expect(findUnsafeRequestInput({ ...clean, query: { q: '\u0000' } })?.path).toBe('query.q');
    expect(findUnsafeRequestInput({ ...clean, headers: { 'idempotency-key': 'k\u0000' } })?.path).toBe(
      'headers.idempotency-key',
    );
    expect(findUnsafeRequestInput({ ...clean, body: { a: [{ b: '\uD83D' }] } })?.path).toBe('body.a.0.b');
  });
});
