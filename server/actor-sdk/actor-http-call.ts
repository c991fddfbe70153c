import { type ActorHttpRequest, type ActorHttpResponse } from './actor-http';

/** The default limit of one attempt of an actor's request, in ms. */
export const ACTOR_HTTP_TIMEOUT_MS = 30_000;

/** An actor's request ready to send: its URL checked, its body encoded. */
export interface ActorHttpCall {
  url: URL;
  method: string;
  headers: Headers;
  body?: string;
}

/**
 * Reads an actor's request into a call: the URL must be http(s); a body that is not text goes as JSON.
 * @throws Error naming the URL when it is not an http(s) URL
 */
export function actorHttpCall(request: ActorHttpRequest): ActorHttpCall {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new Error(`'${String(request.url)}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`'${url.protocol}' URLs are not requested: only http and https`);
  const headers = new Headers(request.headers);
  const call: ActorHttpCall = { url, method: (request.method ?? 'GET').toUpperCase(), headers };
  if (request.body === undefined) return call;
  if (typeof request.body === 'string') return { ...call, body: request.body };
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return { ...call, body: JSON.stringify(request.body) };
}

/** An actor's view of a response: headers as a plain object, the body decoded as UTF-8. */
export function actorHttpResponse(response: { status: number; statusText: string; headers: Headers; url: string }, body: Uint8Array): ActorHttpResponse {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { status: response.status, statusText: response.statusText, headers, url: response.url, body: new TextDecoder().decode(body) };
}
