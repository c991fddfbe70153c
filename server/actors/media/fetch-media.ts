import { ActorError } from '../../engine';
import { type HttpCall, HttpTransportError, describeUrl, fetchWithRetry, retryPolicy } from '../../outbound-http';
import { describeFailedResponse } from '../network/http-response';
import { parseHttpUrl } from '../network/http-url';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { MEDIA_FETCH_TIMEOUT_MS, type MediaActorOptions } from './media-actor-options';
import { MediaTooLargeError } from './media-bytes';

/** A medium fetched from a URL: its bytes, the URL it came from in the end and the Content-Type it was sent with. */
export interface FetchedMedia {
  readonly bytes: Buffer;
  readonly url: string;
  readonly declaredType?: string;
}

/** How {@link fetchMedia} fetches. */
export interface FetchMediaOptions {
  readonly maxBytes: number;
  /** The media types asked for in `Accept`; empty asks for any. */
  readonly accept: readonly string[];
  readonly signal: AbortSignal;
  /** Where the URL came from, for messages: `source` or `config 'url'`. */
  readonly origin: string;
}

/**
 * GETs a medium the way the HTTP Request node sends requests: through the server's egress policy (every
 * address, redirects included), with retries on network errors, 408, 429 and 5xx, each attempt bounded in
 * time, and the body read only up to `maxBytes`.
 * @throws ActorError with `{status, url}` for an error status; an Error naming the transport failure, the
 *   egress refusal or the size limit otherwise
 */
export async function fetchMedia(url: string, fetch: FetchMediaOptions, options: MediaActorOptions): Promise<FetchedMedia> {
  const headers = new Headers({ accept: fetch.accept.length === 0 ? '*/*' : [...fetch.accept, '*/*;q=0.1'].join(', ') });
  const call: HttpCall = { url: parseHttpUrl(url, fetch.origin), method: 'GET', headers };
  let response;
  try {
    response = await fetchWithRetry(call, {
      timeoutMs: MEDIA_FETCH_TIMEOUT_MS,
      followRedirects: true,
      signal: fetch.signal,
      policy: retryPolicy(options.policy),
      maxBodyBytes: fetch.maxBytes,
      egress: options.egress ?? DEFAULT_EGRESS,
    });
  } catch (error) {
    if (error instanceof HttpTransportError && /exceeds the limit/.test(error.reason))
      throw new MediaTooLargeError(`The medium at ${describeUrl(call.url)}`, fetch.maxBytes);
    throw error;
  }
  if (response.status >= 300) throw new ActorError(describeFailedResponse(call, response), { status: response.status, url: describeUrl(response.url) });
  const declaredType = response.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  return {
    bytes: Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength),
    url: response.url,
    ...(declaredType ? { declaredType } : {}),
  };
}
