import { ActorError, type JsonValue } from '../../engine';
import { HttpTransportError, describeUrl, fetchWithRetry, isRetryableStatus, retryPolicy } from '../../outbound-http';
import { decodeBody } from '../network/decode-body';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { type MessagingActorOptions } from './messaging-actor-options';
import { attemptTimeout } from './messaging-settings';
import { vendorCode, vendorMessage } from './vendor-message';
import { type VendorHttpRequest, vendorFailure as failureOf, vendorHttpCall } from '../shared';

/** One call to a vendor's HTTP API or webhook. */
export interface VendorCall extends VendorHttpRequest {
  /** The vendor, for messages: `Slack`, `Twilio`. */
  readonly vendor: string;
  readonly method: 'GET' | 'POST';
  /**
   * How messages name where the call went; defaults to the method and the URL without its query. A webhook
   * passes its origin only, since the path of a webhook URL is its key.
   */
  readonly target?: string;
  /**
   * Whether sending it twice does no harm (a read). A read is retried on 408, 429 and 5xx; a send only on
   * 429, the one answer that says the message was not taken, since after a 5xx it may have gone out.
   */
  readonly idempotent?: boolean;
}

/** How a firing sends its vendor calls: its signal, its `timeout` and `retryCount` keys, the server's options. */
export interface VendorCallContext {
  readonly signal: AbortSignal;
  readonly timeout: number;
  readonly retryCount: number;
  readonly options: MessagingActorOptions;
}

/** A successful vendor answer, its body decoded (JSON parsed, text kept, empty as null). */
export interface VendorReply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: JsonValue;
}

function isRateLimited(status: number): boolean {
  return status === 429;
}

/**
 * The failure of a call the vendor answered with an error status: `<Vendor> answered HTTP <status> to
 * <target>: <the vendor's message>`, with the `Retry-After` it asked for. Details carry `{vendor, status,
 * code?, retryAfter?}` for an error packet.
 */
function vendorFailure(call: VendorCall, status: number, headers: Headers, body: JsonValue): ActorError {
  const code = vendorCode(body) ?? headers.get('x-amzn-errortype')?.split(':')[0];
  return failureOf(call.vendor, targetOf(call), { status, headers }, vendorMessage(body), code === undefined || code === '' ? {} : { code });
}

function targetOf(call: VendorCall): string {
  return call.target ?? `${call.method} ${describeUrl(call.url)}`;
}

/**
 * Sends a vendor call through the one retry loop of outbound HTTP, past the egress policy, bounded by the
 * node's timeout and cancelled with the run, and answers the decoded reply of a 2xx status (redirects are not followed: a vendor API that moved is a failure to see).
 * @throws ActorError with the vendor's message for any other status, or the reason no attempt got an answer;
 * the signal's reason when the run is cancelled
 */
export async function callVendor(call: VendorCall, context: VendorCallContext): Promise<VendorReply> {
  const { options } = context;
  let response;
  try {
    response = await fetchWithRetry(vendorHttpCall(call), {
      timeoutMs: attemptTimeout(context.timeout, options.maxTimeoutMs),
      followRedirects: false,
      signal: context.signal,
      policy: retryPolicy({ ...options.policy, attempts: context.retryCount + 1, retryOn: call.idempotent === true ? isRetryableStatus : isRateLimited }),
      egress: options.egress ?? DEFAULT_EGRESS,
      retryTimeouts: call.idempotent === true,
    });
  } catch (error) {
    // The transport error's own message names the URL path, which for a webhook is its key.
    if (error instanceof HttpTransportError) {
      throw new ActorError(
        `${call.vendor}: ${targetOf(call)} got no answer after ${error.attempts} attempt${error.attempts === 1 ? '' : 's'}: ${error.reason}`,
        { vendor: call.vendor },
      );
    }
    throw error;
  }
  const body = decodeBody(response.body, response.headers.get('content-type'));
  if (response.status >= 300) throw vendorFailure(call, response.status, response.headers, body);
  return { status: response.status, headers: response.headers, body };
}
