import { errorMessage } from '../../engine';
import { HttpTransportError, fetchWithRetry, retryPolicy } from '../../outbound-http';
import { type ResolvedBridgeOptions } from './bridge-options';

/** How a request to the trace collector ended: the answer's JSON (undefined when it had none), or why it was given up. */
export type TraceCallOutcome = { ok: true; answer: unknown } | { ok: false; reason: string };

/** The options the client reads. */
export type TraceClientOptions = Pick<ResolvedBridgeOptions, 'fetch' | 'retryAttempts' | 'retryBaseMs' | 'retryMaxMs' | 'requestTimeoutMs' | 'random'>;

// The collector's answers are small JSON acknowledgements; anything longer is not one.
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * POSTs JSON to the IDE's trace collector through the shared retry client: each attempt under a time
 * limit, retries with backoff for failures that may pass, and everything stopped at once when `signal`
 * aborts. It never throws.
 */
export class TraceClient {
  constructor(
    private readonly options: TraceClientOptions,
    private readonly signal: AbortSignal,
  ) {}

  /** Sends `body` to `url` until an attempt succeeds, fails for good, or the attempts run out. */
  async post(url: string, body: unknown): Promise<TraceCallOutcome> {
    if (this.signal.aborted) return { ok: false, reason: 'the bridge closed' };
    const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
    try {
      const response = await fetchWithRetry(
        { url: new URL(url), method: 'POST', headers, body: JSON.stringify(body) },
        {
          timeoutMs: this.options.requestTimeoutMs,
          followRedirects: false,
          signal: this.signal,
          maxBodyBytes: MAX_ANSWER_BYTES,
          fetch: this.options.fetch,
          policy: retryPolicy({
            attempts: this.options.retryAttempts,
            baseMs: this.options.retryBaseMs,
            maxMs: this.options.retryMaxMs,
            random: this.options.random,
          }),
        },
      );
      if (response.status >= 200 && response.status < 300) return { ok: true, answer: parseJson(new TextDecoder().decode(response.body)) };
      return { ok: false, reason: `HTTP ${response.status}` };
    } catch (error) {
      if (this.signal.aborted) return { ok: false, reason: 'the bridge closed' };
      return { ok: false, reason: error instanceof HttpTransportError ? error.reason : errorMessage(error) };
    }
  }
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
