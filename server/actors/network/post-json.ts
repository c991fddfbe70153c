import { type JsonValue } from '../../engine';
import { decodeBody } from './decode-body';
import { type FetchedResponse, fetchWithRetry, retryPolicy } from '../../outbound-http';
import { parseHttpUrl } from './http-url';
import { DEFAULT_EGRESS, type NetworkActorOptions } from './network-actor-options';

/** How `postJson` sends its request. */
export interface PostJsonOptions extends NetworkActorOptions {
  /** The value of the Accept header. */
  accept: string;
  timeoutMs: number;
  retryCount: number;
  signal: AbortSignal;
  /** Names the URL's origin in messages, such as `config 'endpoint'`. */
  what: string;
}

/** A response to a JSON POST: the response itself and its body decoded by Content-Type. */
export interface JsonReply {
  response: FetchedResponse;
  body: JsonValue;
}

/**
 * POSTs a JSON payload (following redirects, retrying per `retryCount`) and decodes the answer, whatever
 * its status: JSON APIs often describe a failure in the body of a 4xx or 5xx.
 * @throws Error for a bad endpoint, HttpTransportError when no response came.
 */
export async function postJson(endpoint: string, payload: JsonValue, options: PostJsonOptions): Promise<JsonReply> {
  const url = parseHttpUrl(endpoint, options.what);
  const headers = new Headers({ 'content-type': 'application/json', accept: options.accept });
  const response = await fetchWithRetry(
    { url, method: 'POST', headers, body: JSON.stringify(payload) },
    {
      timeoutMs: options.timeoutMs,
      followRedirects: true,
      signal: options.signal,
      policy: retryPolicy({ ...options.policy, attempts: options.retryCount + 1 }),
      maxBodyBytes: options.maxBodyBytes,
      egress: options.egress ?? DEFAULT_EGRESS,
    },
  );
  return { response, body: decodeBody(response.body, response.headers.get('content-type')) };
}
