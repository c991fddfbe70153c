import { errorMessage } from '../../engine';
import { backoffDelay, isRetryableStatus, sleep } from './backoff';
import { type ResolvedBridgeOptions } from './bridge-options';

/** How a request to the trace collector ended: the answer's JSON (undefined when it had none), or why it was given up. */
export type TraceCallOutcome = { ok: true; answer: unknown } | { ok: false; reason: string };

/** The options the client reads. */
export type TraceClientOptions = Pick<ResolvedBridgeOptions, 'fetch' | 'retryAttempts' | 'retryBaseMs' | 'retryMaxMs' | 'requestTimeoutMs' | 'random'>;

/**
 * POSTs JSON to the IDE's trace collector: each attempt under a time limit, retries with backoff for
 * failures that may pass, and everything stopped at once when `signal` aborts. It never throws.
 */
export class TraceClient {
  constructor(
    private readonly options: TraceClientOptions,
    private readonly signal: AbortSignal,
  ) {}

  /** Sends `body` to `url` until an attempt succeeds, fails for good, or the attempts run out. */
  async post(url: string, body: unknown): Promise<TraceCallOutcome> {
    const text = JSON.stringify(body);
    let reason = 'not sent';
    for (let attempt = 1; attempt <= this.options.retryAttempts; attempt += 1) {
      if (this.signal.aborted) return { ok: false, reason: 'the bridge closed' };
      const outcome = await this.attempt(url, text);
      if (outcome.ok) return outcome;
      reason = outcome.reason;
      if (!outcome.retry) break;
      if (attempt < this.options.retryAttempts) {
        await sleep(backoffDelay(attempt, { baseMs: this.options.retryBaseMs, maxMs: this.options.retryMaxMs }, this.options.random), this.signal);
      }
    }
    return { ok: false, reason };
  }

  private async attempt(url: string, body: string): Promise<{ ok: true; answer: unknown } | { ok: false; reason: string; retry: boolean }> {
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    try {
      const response = await this.options.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.signal, timeout]),
      });
      const answer = await response.text();
      if (response.ok) return { ok: true, answer: parseJson(answer) };
      return { ok: false, reason: `HTTP ${response.status}`, retry: isRetryableStatus(response.status) };
    } catch (error) {
      if (timeout.aborted) return { ok: false, reason: `no answer within ${this.options.requestTimeoutMs} ms`, retry: true };
      if (this.signal.aborted) return { ok: false, reason: 'the bridge closed', retry: false };
      return { ok: false, reason: causeOf(error), retry: true };
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

/** The message of a fetch failure, with its cause (undici reports `ECONNREFUSED` there). */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? `: ${errorMessage(error.cause)}` : '';
  return `${errorMessage(error)}${cause}`;
}
