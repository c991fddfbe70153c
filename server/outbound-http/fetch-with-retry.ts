import { describeUrl } from './describe-url';
import { type EgressPolicy, isEgressRefusal } from './egress-policy';
import { BodyTooLargeError, MAX_RESPONSE_BYTES, readBoundedBody } from './read-bounded-body';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, backoffDelay, retryAfterDelay } from './retry-policy';
import { wait } from './wait';
import { outboundAttempts } from './outbound-attempts';

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
  /** Follow redirects (fetch's limit of 20), or return the 3xx response as it is. */
  followRedirects: boolean;
  /** Aborts the current attempt or backoff at once; the call then rejects with the signal's reason. */
  signal: AbortSignal;
  /** @default MAX_RESPONSE_BYTES */
  maxBodyBytes?: number;
  /** Read the response body (the default), or discard it unread when only the status matters. */
  readBody?: boolean;
  /** @default DEFAULT_RETRY_POLICY */
  policy?: RetryPolicy;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** What the request may reach; every connection of it, redirects included, is checked. */
  egress?: EgressPolicy;
  /**
   * Retry an attempt that timed out. A call that must not be done twice (a message sent) says false: the
   * server may have taken a request it did not answer in time. Refused connections are retried either way.
   * @default true
   */
  retryTimeouts?: boolean;
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
  constructor(
    call: HttpCall,
    /** Why the last attempt got no response, such as `connect ECONNREFUSED 127.0.0.1:9`. */
    readonly reason: string,
    readonly attempts: number,
  ) {
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
 * Sends an HTTP call: the one retry loop of every outbound request (network actors, webhooks, the IDE
 * bridge). Network errors, attempt timeouts and the statuses the policy's `retryOn` names are retried with
 * exponential backoff and jitter (a `Retry-After` header wins, up to a bound, when the policy honours it).
 * Resolves with the last response whatever its status; the caller decides what a status means.
 * @throws HttpTransportError when no attempt got a response; the signal's reason when it is aborted.
 */
export async function fetchWithRetry(call: HttpCall, options: FetchOptions): Promise<FetchedResponse> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const attempts = Math.max(1, policy.attempts);
  for (let attempt = 1; ; attempt++) {
    let delay: number;
    try {
      const response = await outboundAttempts.tracePromise(() => attemptOnce(call, options, attempt), { call, attempt });
      if (!policy.retryOn(response.status) || attempt >= attempts) return response;
      const asked = policy.honorRetryAfter ? retryAfterDelay(response.headers.get('retry-after'), policy) : undefined;
      delay = asked ?? backoffDelay(attempt - 1, policy);
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      const unsafeAgain = options.retryTimeouts === false && error instanceof AttemptTimeout;
      const final = error instanceof BodyTooLargeError || isEgressRefusal(error) || unsafeAgain || attempt >= attempts;
      if (final) throw new HttpTransportError(call, transportReason(error), attempt);
      delay = backoffDelay(attempt - 1, policy);
    }
    await wait(delay, options.signal);
  }
}

async function attemptOnce(call: HttpCall, options: FetchOptions, attempt: number): Promise<FetchedResponse> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(options.signal.reason);
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new AttemptTimeout(options.timeoutMs)), options.timeoutMs);
  try {
    const response = await (options.fetch ?? fetch)(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      redirect: options.followRedirects ? 'follow' : 'manual',
      signal: controller.signal,
      ...(options.egress === undefined ? {} : { dispatcher: options.egress.dispatcher() }),
    } as RequestInit);
    const body = options.readBody === false ? await discardBody(response) : await readBoundedBody(response, options.maxBodyBytes ?? MAX_RESPONSE_BYTES);
    return { status: response.status, statusText: response.statusText, headers: response.headers, url: response.url || call.url.href, body, attempts: attempt };
  } catch (error) {
    throw controller.signal.aborted && !options.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
}

async function discardBody(response: Response): Promise<Uint8Array> {
  await response.body?.cancel().catch(() => undefined);
  return new Uint8Array(0);
}

function causeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
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
  return (messageOf(causeOf(error)) || messageOf(error) || String(error)).replace(/^EgressDeniedError: /, '');
}
