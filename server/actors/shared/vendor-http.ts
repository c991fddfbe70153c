import { ActorError, type JsonObject, type JsonValue } from '../../engine';
import { type HttpCall } from '../../outbound-http';

/** The body and headers of one call to a vendor's HTTP API: JSON or a form (OAuth token endpoints, Twilio, Mailgun). */
export interface VendorHttpRequest {
  readonly method: string;
  readonly url: URL;
  /** Authorization and other headers; Accept defaults to JSON. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A body sent as JSON. */
  readonly json?: JsonValue;
  /** A body sent as a form. */
  readonly form?: URLSearchParams;
}

/** The HTTP call of a vendor request: its JSON or form body with the Content-Type, JSON accepted. */
export function vendorHttpCall(request: VendorHttpRequest): HttpCall {
  const headers = new Headers({ accept: 'application/json', ...request.headers });
  if (request.form !== undefined) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    return { url: request.url, method: request.method, headers, body: request.form.toString() };
  }
  if (request.json === undefined) return { url: request.url, method: request.method, headers };
  headers.set('content-type', 'application/json');
  return { url: request.url, method: request.method, headers, body: JSON.stringify(request.json) };
}

const MESSAGE_CHARS = 300;

/** The start of a vendor's text, on one line: vendor messages end up in events and logs. */
export function clipVendorText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS)}...` : line;
}

/**
 * The failure of a vendor call answered with an error status: `<Vendor> answered HTTP <status> to <target>:
 * <the vendor's message> (Retry-After: N)`. Details carry `{vendor, status, retryAfter?}` and `more` (the
 * vendor's error code, say) for an error packet.
 * @param target - where the call went as messages name it: the method and the URL without its query, or only the origin of a webhook
 * @param message - the vendor's own message, read from its error body by the caller
 */
export function vendorFailure(
  vendor: string,
  target: string,
  reply: { readonly status: number; readonly headers: Headers },
  message: string | undefined,
  more: JsonObject = {},
): ActorError {
  const retryAfter = reply.headers.get('retry-after')?.trim();
  const details: JsonObject = { ...more, vendor, status: reply.status };
  if (retryAfter !== undefined && retryAfter !== '') details.retryAfter = clipVendorText(retryAfter);
  const said = message === undefined || message.trim() === '' ? '' : `: ${clipVendorText(message)}`;
  const wait = details.retryAfter === undefined ? '' : ` (Retry-After: ${String(details.retryAfter)})`;
  return new ActorError(`${vendor} answered HTTP ${reply.status} to ${target}${said}${wait}`, details);
}
