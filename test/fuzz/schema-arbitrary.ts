import fc, { type Arbitrary } from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries driven by a route's zod schemas (through z.toJSONSchema, input side): values
 * of the right shape most of the time, with hostile leaves mixed in — text PostgreSQL cannot store,
 * injection and traversal strings, huge and deeply nested values, and wrong types — so that input gets
 * past the shape check and into handlers as well as being refused by it.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
};

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 3 === 0 ? [value] : { a: value };
  return value;
};

/** Strings a careless edge lets through to the database, the file system or a log. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'lone \uD800 surrogate',
  '\uDFFF',
  "' OR 1=1 --",
  "'; select pg_sleep(5); --",
  '") union select null, version() --',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '\u202Egnp.exe',
  '\r\nSet-Cookie: a=b',
  '😀'.repeat(300),
  'x'.repeat(20_000),
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  '2026-13-45T25:61:61Z',
  'null',
  '__proto__',
  'a&b|c!(d):*<->e',
];

const hostileString: Arbitrary<string> = fc.constantFrom(...HOSTILE_STRINGS);

/** A value of the wrong type, size or depth for wherever it lands. */
export const hostileValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1.5,
    -1e308,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    [],
    {},
    [null],
    { __proto__: { admin: true } },
    nested(20),
    nested(40),
    nested(1_000),
    Array.from({ length: 5_000 }, (_, i) => i),
  ),
  hostileString,
);

const DEPTH_LIMIT = 6;

export function arbitraryFromJsonSchema(root: JsonSchema): Arbitrary<unknown> {
  const defs = root.$defs ?? {};

  function build(schema: JsonSchema, depth: number): Arbitrary<unknown> {
    const valid = validOf(schema, depth);
    // Mostly the right shape; now and then something hostile in its place.
    return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
  }

  function validOf(schema: JsonSchema, depth: number): Arbitrary<unknown> {
    if (depth > DEPTH_LIMIT) return fc.constant(null);
    if (schema.$ref) {
      const name = schema.$ref.replace(/^#\/\$defs\//, '');
      const target = defs[name];
      return target ? validOf(target, depth + 1) : fc.jsonValue({ maxDepth: 2 });
    }
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices && choices.length > 0)
      return fc.oneof(...choices.map((choice) => validOf(choice, depth + 1)));
    if (schema.allOf?.[0]) return validOf(schema.allOf[0], depth + 1);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...schema, type }, depth)));
    switch (types[0]) {
      case 'string':
        return fc.oneof({ weight: 3, arbitrary: stringOf(schema) }, { weight: 1, arbitrary: hostileString });
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
        });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1e9,
          max: schema.maximum ?? 1e9,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = schema.items ?? schema.prefixItems?.[0] ?? {};
        return fc.array(build(items, depth + 1), {
          minLength: Math.min(schema.minItems ?? 0, 5),
          maxLength: Math.min(Math.max(schema.maxItems ?? 4, schema.minItems ?? 0), 5),
        });
      }
      case 'object':
        return objectOf(schema, depth);
      default:
        // Anything (z.unknown, z.json, unrepresentable): some JSON.
        return fc.jsonValue({ maxDepth: 3 });
    }
  }

  function stringOf(schema: JsonSchema): Arbitrary<string> {
    switch (schema.format) {
      case 'uuid':
        return fc.uuid();
      case 'email':
        return fc.emailAddress();
      case 'date-time':
        return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      case 'date':
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10));
      case 'uri':
        return fc.webUrl();
    }
    if (schema.pattern) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 300);
      } catch {
        // A pattern fast-check cannot read: plain text instead.
      }
    }
    return fc.string({
      unit: 'grapheme',
      minLength: Math.min(schema.minLength ?? 0, 50),
      maxLength: Math.min(schema.maxLength ?? 40, 80),
    });
  }

  function objectOf(schema: JsonSchema, depth: number): Arbitrary<unknown> {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const model = Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [key, build(property, depth + 1)]),
    );
    const shaped = fc.record(model, { requiredKeys: [...required].filter((key) => key in properties) });
    if (Object.keys(properties).length === 0)
      return fc.dictionary(fc.string({ maxLength: 8 }), build({}, depth + 1), { maxKeys: 4 });
    // An extra key now and then (strict schemas refuse it; mass assignment).
    return fc.oneof(
      { weight: 5, arbitrary: shaped },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            shaped,
            fc.constantFrom('user_id', 'role', 'is_admin', 'status', 'id', 'a\u0000'),
            hostileValue,
          )
          .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
      },
    );
  }

  return build(root, 0);
}

/** The JSON Schema of a zod schema as a request carries it (input side); `{}` (anything) when it has none. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Arbitrary values for a zod schema (or anything, without one). */
export const arbitraryFor = (schema: unknown) => arbitraryFromJsonSchema(jsonSchemaOf(schema));
