import { type JsonValue, isJsonObject } from '../../engine';
import { type HttpCall } from '../../outbound-http';
import { parseHttpUrl } from './http-url';
import { withQuery } from './with-query';

/** The HTTP methods of the `tpl_http_request` template. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of {@link HTTP_METHODS}. */
type HttpMethod = (typeof HTTP_METHODS)[number];

/** What a firing of the HTTP request actor sends: the configured URL and method, and its two input packets. */
export interface HttpCallInput {
  url: string;
  method: HttpMethod;
  /** The `data-in` packet; absent when the node runs as a source. */
  data?: JsonValue;
  /** The `headers-in` packet. */
  headers?: JsonValue;
}

function requestHeaders(value: JsonValue | undefined): Headers {
  if (value === undefined || value === null) return new Headers();
  if (!isJsonObject(value)) throw new Error('headers-in must be an object of header names to values');
  const headers = new Headers();
  for (const [name, raw] of Object.entries(value)) {
    if (raw === null) continue;
    try {
      headers.set(name, typeof raw === 'object' ? JSON.stringify(raw) : String(raw));
    } catch {
      throw new Error(`headers-in: '${name}' is not a valid header name or its value is not a valid header value`);
    }
  }
  return headers;
}

/**
 * Builds the request of one firing. GET and DELETE carry an object on `data-in` as query parameters
 * (another value only triggers the call); the other methods send a string as it is (`text/plain` unless
 * `headers-in` sets a Content-Type) and any other value as JSON.
 * @throws Error naming the bad URL or header.
 */
export function buildHttpCall(input: HttpCallInput): HttpCall {
  const url = parseHttpUrl(input.url, "config 'url'");
  const headers = requestHeaders(input.headers);
  const { data, method } = input;
  if (method === 'GET' || method === 'DELETE') {
    return { url: isJsonObject(data) ? withQuery(url, data) : url, method, headers };
  }
  if (data === undefined) return { url, method, headers };
  const text = typeof data === 'string';
  if (!headers.has('content-type')) headers.set('content-type', text ? 'text/plain; charset=utf-8' : 'application/json');
  return { url, method, headers, body: text ? data : JSON.stringify(data) };
}
