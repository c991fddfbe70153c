import { type JsonValue } from '../../engine';
import { type FetchOptions, type HttpCall, fetchWithRetry, retryPolicy } from '../../outbound-http';
import { decodeBody } from '../network/decode-body';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { type SaasActorOptions } from './saas-actor-options';

/** One call to a vendor's REST API. */
export interface VendorRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: URL;
  /** Authorization and other headers; Accept defaults to JSON. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A body sent as JSON. */
  readonly json?: JsonValue;
  /** A body sent as a form (OAuth token endpoints). */
  readonly form?: URLSearchParams;
  /**
   * Whether sending it twice does no harm. Only such calls are retried (429, 5xx, network errors, timeouts):
   * a create that timed out may have been done, and a second one would make a duplicate.
   */
  readonly idempotent: boolean;
}

/** How a firing sends its vendor calls. */
export interface VendorCallContext {
  readonly signal: AbortSignal;
  /** The limit of one attempt. */
  readonly timeoutMs: number;
  readonly options: SaasActorOptions;
}

/** A vendor's answer, whatever its status, with its body decoded (JSON parsed, text kept, empty as null). */
export interface VendorReply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: JsonValue;
}

/** The fetch options of a vendor call: the firing's signal and timeout, the server's egress policy, retries only when idempotent. */
export function vendorFetchOptions(idempotent: boolean, context: VendorCallContext): FetchOptions {
  const { options } = context;
  return {
    timeoutMs: context.timeoutMs,
    followRedirects: true,
    signal: context.signal,
    policy: retryPolicy({ ...options.policy, attempts: idempotent ? options.policy?.attempts : 1 }),
    egress: options.egress ?? DEFAULT_EGRESS,
  };
}

/** The HTTP call of a vendor request: JSON or form body with its Content-Type, JSON accepted. */
export function vendorHttpCall(request: VendorRequest): HttpCall {
  const headers = new Headers({ accept: 'application/json', ...request.headers });
  if (request.form !== undefined) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    return { url: request.url, method: request.method, headers, body: request.form.toString() };
  }
  if (request.json === undefined) return { url: request.url, method: request.method, headers };
  headers.set('content-type', 'application/json');
  return { url: request.url, method: request.method, headers, body: JSON.stringify(request.json) };
}

/**
 * Sends a vendor request through the one retry loop of outbound HTTP and decodes the answer, whatever its
 * status: the caller reads the vendor's own error message from the body.
 * @throws HttpTransportError when no attempt got an answer; the signal's reason when the run is cancelled
 */
export async function sendVendorRequest(request: VendorRequest, context: VendorCallContext): Promise<VendorReply> {
  const response = await fetchWithRetry(vendorHttpCall(request), vendorFetchOptions(request.idempotent, context));
  return { status: response.status, headers: response.headers, body: decodeBody(response.body, response.headers.get('content-type')) };
}
