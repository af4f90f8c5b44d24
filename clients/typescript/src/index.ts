import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/accountsApi';

export type { components, operations, paths } from './generated/accountsApi';

/** A typed client of the Accounts API: `client.GET('/accounts/{source_type}/{identifier}', { params: { path } })`. */
export type AccountsApiClient = Client<paths>;

/** Every error the API answers, in one shape: `{ type, message, code?, param?, errors? }`. */
export type ApiError = components['schemas']['Error'];

export interface ClientOptions {
  /** Where accounts-api answers, e.g. `https://accounts.example.com`. */
  baseUrl: string;
  /** The environment's client credential (CLIENT_ID and CLIENT_SECRET), sent as HTTP Basic auth on every call. */
  clientId: string;
  clientSecret: string;
  /** Another fetch (a proxy's, a test's); default: the global one. */
  fetch?: typeof fetch;
}

// btoa takes Latin-1 only: encode the UTF-8 bytes, as the API decodes them.
function basicAuthorization(clientId: string, clientSecret: string): string {
  const bytes = new TextEncoder().encode(`${clientId}:${clientSecret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * A client of the Accounts API, typed from its OpenAPI document (openapi-fetch over the generated
 * types). Each call resolves to `{ data }` on success or `{ error }` (an ApiError) otherwise.
 */
export function createClient(options: ClientOptions): AccountsApiClient {
  return createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: basicAuthorization(options.clientId, options.clientSecret) },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
