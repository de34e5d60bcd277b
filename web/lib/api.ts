import { z } from 'zod';
import {
  pathOf,
  queryStringOf,
  type EndpointDefinition,
  type InputOf,
  type ResponseOf,
} from '#contracts/endpoint';
import { apiRequest } from './api-client';

/** Per call: cancel with the query's signal; money-moving POSTs carry the attempt's Idempotency-Key. */
export type CallOptions<E extends EndpointDefinition> = {
  signal?: AbortSignal;
} & (E['idempotent'] extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined });

type Args<E extends EndpointDefinition> =
  Record<string, never> extends InputOf<E>
    ? E['idempotent'] extends true
      ? [input: InputOf<E> | undefined, options: CallOptions<E>]
      : [input?: InputOf<E>, options?: CallOptions<E>]
    : E['idempotent'] extends true
      ? [input: InputOf<E>, options: CallOptions<E>]
      : [input: InputOf<E>, options?: CallOptions<E>];

/**
 * An answer without a body (204): apiRequest hands an empty answer over as `{}`, which the schemas of
 * answers with a body read as "nothing in it"; an endpoint that declares no body ignores it either way.
 */
const NO_BODY = z.union([z.undefined(), z.object({}).strict()]).transform(() => undefined);

/** The schema of a successful answer: the declared 2xx bodies (any of them), or none. */
function successSchema(endpoint: EndpointDefinition): z.ZodType {
  const schemas = Object.entries(endpoint.responses)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .map(([, schema]) => schema ?? NO_BODY);
  const [first, second, ...rest] = schemas;
  if (!first) return NO_BODY;
  return second ? z.union([first, second, ...rest]) : first;
}

/** A new key per attempt of a money-moving POST; reuse it only to retry that attempt. */
export const newIdempotencyKey = () => crypto.randomUUID();

/**
 * Calls an endpoint defined in contracts/: fills the path, adds the query, sends the body, and parses
 * the answer with the endpoint's own response schema. Failures are ApiError (web/lib/api-client.ts).
 * The only place in web/ that knows the API's URLs is contracts/.
 */
export function api<const E extends EndpointDefinition>(endpoint: E, ...[input, options]: Args<E>) {
  const values = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const url = `${pathOf(endpoint, values.params)}${queryStringOf(values.query)}`;
  return apiRequest(url, successSchema(endpoint) as z.ZodType<ResponseOf<E>>, {
    method: endpoint.method,
    body: values.body,
    signal: options?.signal,
    headers: options?.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
  });
}
