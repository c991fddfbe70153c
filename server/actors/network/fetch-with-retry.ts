import { abortableSleep } from './abortable-sleep';
import { describeUrl } from './http-url';
import { BodyTooLargeError, MAX_RESPONSE_BYTES, readBoundedBody } from './read-bounded-body';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, backoffDelay, isRetryableStatus, retryAfterDelay } from './retry-policy';

/** One HTTP request, ready to send as often as retries need (its body is a string, never a stream). */
export interface HttpCall {
  url: URL;
  method: string;
  headers: Headers;
  body?: string;
}

/** How `fetchWithRetry` sends a call. */
export interface FetchOptions {
  /** Limit of one attempt, body reading included. */
  timeoutMs: number;
  /** Attempts after the first one, on network errors, timeouts, 429 and 5xx. */
  retryCount: number;
  /** Follow redirects (fetch's limit of 20), or return the 3xx response as it is. */
  followRedirects: boolean;
  /** Aborts the current attempt or backoff at once; the call then rejects with the signal's reason. */
  signal: AbortSignal;
  /** @default MAX_RESPONSE_BYTES */
  maxBodyBytes?: number;
  /** @default DEFAULT_RETRY_POLICY */
  policy?: RetryPolicy;
}

/** A complete response: its status line, headers, final URL and the whole (bounded) body. */
export interface FetchedResponse {
  status: number;
  statusText: string;
  headers: Headers;
  url: string;
  body: Uint8Array;
  /** How many attempts it took. */
  attempts: number;
}

/** A request that got no response: connection failure, timeout, too many redirects or a body over the bound. */
export class HttpTransportError extends Error {
  constructor(call: HttpCall, reason: string, attempts: number) {
    super(`${call.method} ${describeUrl(call.url)} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`);
    this.name = 'HttpTransportError';
  }
}

class AttemptTimeout extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/**
 * Sends an HTTP call, retrying network errors, timeouts, 429 and 5xx with exponential backoff and jitter
 * (a `Retry-After` header wins, up to a bound), never other 4xx. Resolves with the last response whatever
 * its status; the caller decides what a status means.
 * @throws HttpTransportError when no attempt got a response; the signal's reason when it is aborted.
 */
export async function fetchWithRetry(call: HttpCall, options: FetchOptions): Promise<FetchedResponse> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  for (let attempt = 1; ; attempt++) {
    let delay: number;
    try {
      const response = await attemptOnce(call, options, attempt);
      if (!isRetryableStatus(response.status) || attempt > options.retryCount) return response;
      delay = retryAfterDelay(response.headers.get('retry-after'), policy) ?? backoffDelay(attempt - 1, policy);
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (error instanceof BodyTooLargeError || attempt > options.retryCount) throw new HttpTransportError(call, transportReason(error), attempt);
      delay = backoffDelay(attempt - 1, policy);
    }
    await abortableSleep(delay, options.signal);
  }
}

async function attemptOnce(call: HttpCall, options: FetchOptions, attempt: number): Promise<FetchedResponse> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(options.signal.reason);
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new AttemptTimeout(options.timeoutMs)), options.timeoutMs);
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      redirect: options.followRedirects ? 'follow' : 'manual',
      signal: controller.signal,
    });
    const body = await readBoundedBody(response, options.maxBodyBytes ?? MAX_RESPONSE_BYTES);
    return { status: response.status, statusText: response.statusText, headers: response.headers, url: response.url || call.url.href, body, attempts: attempt };
  } catch (error) {
    throw controller.signal.aborted && !options.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
}

function messageOf(value: unknown): string {
  const message = typeof value === 'object' && value !== null ? (value as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : '';
}

/**
 * The most telling sentence about a failed attempt: fetch hides the socket error in `cause`. Read by
 * shape, since fetch's errors may come from another realm than this module's `Error`.
 */
function transportReason(error: unknown): string {
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  return messageOf(cause) || messageOf(error) || String(error);
}
