import createClient, { type Client } from 'openapi-fetch';
import { type paths } from './generated/openapi';

/** The openapi-fetch client every call of the SDK goes through. */
export type RawClient = Client<paths, 'application/json'>;

/** Creates the openapi-fetch client of a server, with the bearer token on every request when there is one. */
export function createRawClient(options: { baseUrl: string; token?: string | undefined; fetch?: typeof fetch | undefined }): RawClient {
  return createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    ...(options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
