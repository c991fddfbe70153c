import { type EgressPolicy, type RetryPolicy, fetchWithRetry } from '../../outbound-http';

/** The fetch function the vendor SDKs take as their `fetch` option. */
export type SdkFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** How {@link sdkFetch} sends the SDK's requests. */
export interface SdkFetchOptions {
  egress: EgressPolicy;
  policy: RetryPolicy;
  /** Limit of one attempt until the answer's head arrives. */
  attemptTimeoutMs: number;
}

// The SDKs send JSON text; anything else could not be sent again on a retry.
function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  throw new Error('only text request bodies are supported');
}

async function discard(response: Response | undefined): Promise<void> {
  await response?.body?.cancel().catch(() => undefined);
}

/**
 * The fetch handed to the vendor SDKs, whose own retries are turned off: every request goes through
 * `fetchWithRetry`, the one retry loop of outbound requests, so that the egress policy checks each
 * connection and the retry policy (`Retry-After` included) decides on each answer's status. The body of the
 * answer kept is handed over unread, so that a streamed answer reaches the SDK as it comes.
 */
export function sdkFetch(options: SdkFetchOptions): SdkFetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input));
    const signal = init.signal ?? request?.signal ?? new AbortController().signal;
    let live: Response | undefined;
    // Each attempt's answer is kept aside; fetchWithRetry only sees its head, so it never reads the body.
    const attempt = async (target: string | URL | Request, attemptInit?: RequestInit): Promise<Response> => {
      await discard(live);
      live = undefined;
      const attemptSignal = attemptInit?.signal ?? signal;
      const answer = await fetch(target, { ...attemptInit, signal: AbortSignal.any([attemptSignal, signal]) });
      live = answer;
      return new Response(null, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
    };
    try {
      await fetchWithRetry(
        { url, method: init.method ?? request?.method ?? 'GET', headers: new Headers(init.headers ?? request?.headers), body: bodyText(init.body) },
        {
          timeoutMs: options.attemptTimeoutMs,
          followRedirects: true,
          signal,
          readBody: false,
          policy: options.policy,
          egress: options.egress,
          fetch: attempt as typeof fetch,
        },
      );
    } catch (error) {
      await discard(live);
      throw error;
    }
    if (live === undefined) throw new Error('no answer was kept');
    return live;
  };
}
