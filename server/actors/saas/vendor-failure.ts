import { type ActorError, type JsonObject, type JsonValue } from '../../engine';
import { vendorFailure as failureOf } from '../shared';
import { describeUrl } from '../../outbound-http';
import { type VendorReply } from './vendor-request';

/**
 * The failure of a vendor call that got an error status, named by its method and URL without the query (see
 * the shared `vendorFailure`).
 */
export function vendorFailure(
  vendor: string,
  request: { readonly method: string; readonly url: URL },
  reply: Pick<VendorReply, 'status' | 'headers'>,
  message: string | undefined,
  more: JsonObject = {},
): ActorError {
  return failureOf(vendor, `${request.method} ${describeUrl(request.url)}`, reply, message, more);
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
