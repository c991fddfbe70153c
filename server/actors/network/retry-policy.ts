/** How long a failed attempt waits before the next one. */
export interface RetryPolicy {
  /**
   * The first backoff step; each later retry doubles it.
   * @default 250
   */
  baseDelayMs: number;
  /**
   * The largest backoff step, whatever the retry number.
   * @default 8000
   */
  maxDelayMs: number;
  /**
   * The longest a `Retry-After` header (429, 503) can make an attempt wait.
   * @default 30000
   */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1). @default Math.random */
  random: () => number;
}

/** The policy every network actor uses unless a test builds one with other values. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  baseDelayMs: 250,
  maxDelayMs: 8000,
  maxRetryAfterMs: 30_000,
  random: Math.random,
});

/** Whether a response status is worth another attempt: rate limiting and server errors, never other 4xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * The wait before retry number `retry` (0 for the first): half of the capped exponential step is fixed
 * and half is random, so clients that failed together do not retry together.
 */
export function backoffDelay(retry: number, policy: RetryPolicy): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(step / 2 + (policy.random() * step) / 2);
}

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), capped; undefined when absent or unreadable. */
export function retryAfterDelay(header: string | null, policy: RetryPolicy, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(policy.maxRetryAfterMs, Math.max(0, ms));
}
