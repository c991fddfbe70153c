import { ActorError, type JsonObject, type JsonValue } from '../../engine';
import { describeUrl } from '../../outbound-http';
import { type VendorReply } from './vendor-request';

const MESSAGE_CHARS = 300;

/** The start of a vendor's text, on one line: vendor messages end up in events and logs. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS)}...` : line;
}

/**
 * The failure of a vendor call that got an error status: `<Vendor> answered HTTP <status> to <METHOD> <url
 * without query>: <the vendor's message>`, with how long the vendor asked to wait (`Retry-After`) when it
 * said so. Details carry `{vendor, status, retryAfter?}` and `more` for an `error-out` packet.
 * @param message - the vendor's own message, read from its error body by the caller
 * @param more - other details, such as the vendor's error code
 */
export function vendorFailure(vendor: string, request: { readonly method: string; readonly url: URL }, reply: Pick<VendorReply, 'status' | 'headers'>, message: string | undefined, more: JsonObject = {}): ActorError {
  const retryAfter = reply.headers.get('retry-after')?.trim();
  const said = message === undefined || message.trim() === '' ? '' : `: ${clip(message)}`;
  const wait = retryAfter === undefined || retryAfter === '' ? '' : ` (Retry-After: ${clip(retryAfter)})`;
  const details: JsonObject = { ...more, vendor, status: reply.status };
  if (retryAfter !== undefined && retryAfter !== '') details.retryAfter = retryAfter;
  return new ActorError(`${vendor} answered HTTP ${reply.status} to ${request.method} ${describeUrl(request.url)}${said}${wait}`, details);
}

/** A text field of a JSON object body, when it has one. */
export function textField(body: JsonValue, ...path: string[]): string | undefined {
  let current: JsonValue | undefined = body;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = current[key];
  }
  return typeof current === 'string' ? current : undefined;
}

/** The body of an error answer as text when it is no JSON the vendor's reader understood (a proxy's HTML page, say). */
export function bodyText(body: JsonValue): string | undefined {
  if (body === null) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}
