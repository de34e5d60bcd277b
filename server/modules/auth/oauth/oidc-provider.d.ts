/**
 * Minimal types for oidc-provider 9 (it ships none and @types/oidc-provider is not a dependency).
 * Only what the Google sign-in tests use to run a real OpenID Provider; see
 * node_modules/oidc-provider/README.md and its docs for the full configuration.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type ClientMetadata = {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
  };

  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => Promise<Record<string, unknown>>;
  };

  export type Configuration = {
    clients?: ClientMetadata[];
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
  };

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
