import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorDetail } from '#domain/errors/app-error';

/**
 * The request edge's one check on everything a request carries into the app, run
 * for every route before its schema: the body (whatever parser made it), the query, the path
 * parameters and the headers.
 *
 * - Text must be storable: PostgreSQL refuses U+0000 in text and jsonb (SQLSTATE 22021 / 22P05), and an
 *   unpaired UTF-16 surrogate is not text at all (it breaks jsonb and turns into U+FFFD on the way to
 *   the database). Object keys are text too.
 * - Nesting is capped: no contract nests deeper than a handful of levels, and a body thousands of
 *   levels deep (custom_fonts took anything) reaches jsonb's limits and recursive code.
 *
 * Either answers 400 VALIDATION_ERROR naming the field (`body.short_bio`, `params.username`, …), never
 * echoing the value. Raw bodies (Buffers: uploads, attachments, the signed webhook) are bytes, not text,
 * and are left to their routes.
 */

/** Containers (objects and arrays) nested inside one another, the outermost counting as 1. */
export const MAX_INPUT_DEPTH = 32;

export const INPUT_SAFETY_MESSAGES = {
  nul: 'Contains the NUL character (U+0000), which cannot be stored.',
  surrogate: 'Contains an unpaired UTF-16 surrogate, which is not valid text.',
  depth: `Is nested too deeply (at most ${MAX_INPUT_DEPTH} levels of objects and arrays).`,
} as const;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be taken as text, or null when it can. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return INPUT_SAFETY_MESSAGES.nul;
  if (UNPAIRED_SURROGATE.test(text)) return INPUT_SAFETY_MESSAGES.surrogate;
  return null;
}

type Node = { value: unknown; depth: number; parent: Node | null; key: string };

const pathOf = (node: Node) => {
  const keys: string[] = [];
  for (let at: Node | null = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * Objects and arrays as parsers make them (JSON, query strings and path parameters come with odd
 * prototypes); not raw bytes (Buffers, typed arrays) and not streams, which are no parsed input.
 */
const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The first problem in a parsed input (`root` names it: body, query, params, headers), walked without
 * recursion so that any depth is safe to inspect; null when it is all storable and shallow enough.
 */
export function findUnsafeInput(
  value: unknown,
  root: string,
  maxDepth = MAX_INPUT_DEPTH,
): ErrorDetail | null {
  const stack: Node[] = [{ value, depth: 0, parent: null, key: root }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      const problem = unstorableText(node.value);
      if (problem) return { path: pathOf(node), message: problem };
      continue;
    }
    if (!isContainer(node.value)) continue;
    const depth = node.depth + 1;
    if (depth > maxDepth) return { path: pathOf(node), message: INPUT_SAFETY_MESSAGES.depth };
    for (const [key, child] of Object.entries(node.value)) {
      const problem = unstorableText(key);
      if (problem)
        return { path: pathOf(node), message: `A key ${problem.charAt(0).toLowerCase()}${problem.slice(1)}` };
      stack.push({ value: child, depth, parent: node, key });
    }
  }
  return null;
}

/** Every part of a request that reaches the app, each with the name it has in an error's path. */
export function findUnsafeRequestInput(
  request: Pick<FastifyRequest, 'body' | 'query' | 'params' | 'headers'>,
): ErrorDetail | null {
  return (
    findUnsafeInput(request.params, 'params') ??
    findUnsafeInput(request.query, 'query') ??
    findUnsafeInput(request.headers, 'headers') ??
    findUnsafeInput(request.body, 'body')
  );
}

export const inputSafetyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const problem = findUnsafeRequestInput(request);
    if (problem)
      throw new AppError('VALIDATION_ERROR', `${problem.path}: ${problem.message}`, { details: [problem] });
  });
});
