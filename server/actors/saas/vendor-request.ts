import { type JsonValue } from '../../engine';
import { type FetchOptions, fetchWithRetry, retryPolicy } from '../../outbound-http';
import { type VendorHttpRequest, vendorHttpCall } from '../shared';
import { decodeBody } from '../network/decode-body';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { type SaasActorOptions } from './saas-actor-options';

/** One call to a vendor's REST API. */
export interface VendorRequest extends VendorHttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

/**
 * Sends a vendor request through the one retry loop of outbound HTTP and decodes the answer, whatever its
 * status: the caller reads the vendor's own error message from the body.
 * @throws HttpTransportError when no attempt got an answer; the signal's reason when the run is cancelled
 */
export async function sendVendorRequest(request: VendorRequest, context: VendorCallContext): Promise<VendorReply> {
  const response = await fetchWithRetry(vendorHttpCall(request), vendorFetchOptions(request.idempotent, context));
  return { status: response.status, headers: response.headers, body: decodeBody(response.body, response.headers.get('content-type')) };
}
