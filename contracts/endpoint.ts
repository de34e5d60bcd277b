import type { z } from 'zod';
import type { AdminPermission } from '#domain/auth/permissions';

/**
 * One HTTP endpoint, defined once: the server registers its route from it (server/http/route.ts), the
 * web calls it through `api(endpoint, input)` (web/lib/api.ts) and /api/openapi.json describes it.
 * Decision 006 says why this is our own small helper and not ts-rest.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server checks it before the handler runs.
 * - `public`: anybody; the handler does not learn who calls.
 * - `optional`: anybody; the handler gets the caller when one is signed in (a guest outside its routes
 *   counts as anonymous).
 * - `signed-in`: a signed-in person (401 otherwise; a guest-link session only on guest routes, 403).
 * - `aal2`: signed in with a verified second factor in this session.
 * - `{ role }`: signed in and holding the role (403 with `forbidden` otherwise); with `aal2`, also a
 *   second factor verified in this session (checked after the role: 403 INSUFFICIENT_AAL with that text).
 * - `{ admin }`: an active admin with a second factor, holding the permission (`any`: any admin).
 */
export type Access =
  | 'public'
  | 'optional'
  | 'signed-in'
  | 'aal2'
  | { role: 'client' | 'coach'; forbidden: string; aal2?: string }
  | { admin: AdminPermission | 'super_admin' | 'any' };

/** A response body's schema, or null for a response without a JSON body (204, a redirect, a file). */
export type ResponseSchemas = { readonly [status: number]: z.ZodType | null };

export type EndpointDefinition = {
  readonly method: HttpMethod;
  /** Fastify's pattern: `/api/session-requests/:id`. */
  readonly path: `/${string}`;
  /** One line for the API reference. */
  readonly summary: string;
  /** The reference's group (usually the contract file's feature). */
  readonly tag: string;
  readonly access: Access;
  /** Money-moving POSTs: an `Idempotency-Key` header is required; a replay answers the first response. */
  readonly idempotent?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses: ResponseSchemas;
};

/** Defines an endpoint; the literal types (method, path, schemas) are kept for both sides' inference. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

/**
 * The endpoints of one reference group (usually one contract file): `endpoint({ … })` defines one with
 * the group's tag; `endpoint.as(access)` gives a definer for the endpoints that share an access rule.
 */
export function endpointGroup<const T extends string>(tag: T) {
  function endpoint<const E extends Omit<EndpointDefinition, 'tag'>>(definition: E) {
    return defineEndpoint({ ...definition, tag });
  }
  endpoint.as =
    <const A extends Access>(access: A) =>
    <const E extends Omit<EndpointDefinition, 'tag' | 'access'>>(definition: E) =>
      defineEndpoint({ ...definition, tag, access });
  return endpoint;
}

type SuccessStatus = 200 | 201 | 202 | 204;
type Schema<T> = T extends z.ZodType ? T : never;

/** The success statuses an endpoint declares. */
export type SuccessStatusOf<E extends EndpointDefinition> = Extract<keyof E['responses'], SuccessStatus>;

/** The parsed body of a successful answer (undefined for one without a body). */
export type ResponseOf<E extends EndpointDefinition> = {
  [S in SuccessStatusOf<E>]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : undefined;
}[SuccessStatusOf<E>];

type Field<
  E extends EndpointDefinition,
  K extends 'params' | 'query' | 'body',
  Mode extends 'in' | 'out',
> = E[K] extends z.ZodType
  ? { [P in K]: Mode extends 'in' ? z.input<Schema<E[K]>> : z.output<Schema<E[K]>> }
  : { [P in K]?: undefined };

/** What a caller passes: the endpoint's params, query and body (only those it declares). */
export type InputOf<E extends EndpointDefinition> = Field<E, 'params', 'in'> &
  Field<E, 'query', 'in'> &
  Field<E, 'body', 'in'>;

/** What a handler receives after validation. */
export type ValidatedInputOf<E extends EndpointDefinition> = Field<E, 'params', 'out'> &
  Field<E, 'query', 'out'> &
  Field<E, 'body', 'out'>;

/** The path with its `:name` segments filled in (each value URI-encoded). */
export function pathOf(endpoint: Pick<EndpointDefinition, 'path'>, params?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string for a query object: undefined and null are left out, arrays repeat the key. */
export function queryStringOf(query?: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
