/** When and how long a failed HTTP request waits before it is sent again. */
export interface RetryPolicy {
  /** Attempts in all, the first one included: 1 sends once and never retries. */
  attempts: number;
  /** The first backoff step; each later retry doubles it. */
  baseMs: number;
  /** The largest backoff step, whatever the retry number. */
  maxMs: number;
  /**
   * The share of each step that is random, in [0, 1]: 0.5 ("equal jitter") keeps half of the step fixed, so
   * that clients that failed together do not retry together, and none retries at once.
   */
  jitter: number;
  /** Whether a response status is worth another attempt; network errors and attempt timeouts always are. */
  retryOn: (status: number) => boolean;
  /** Whether a `Retry-After` header (seconds or an HTTP date) replaces the backoff step, up to `maxRetryAfterMs`. */
  honorRetryAfter: boolean;
  /** The longest a `Retry-After` header can make an attempt wait. */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1). */
  random: () => number;
}

/** Whether a status may succeed when the same request is sent again: timeout (408), rate limit (429) and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The policy every outbound request uses unless its owner overrides some fields. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  attempts: 3,
  baseMs: 250,
  maxMs: 8000,
  jitter: 0.5,
  retryOn: isRetryableStatus,
  honorRetryAfter: true,
  maxRetryAfterMs: 30_000,
  random: Math.random,
});

/** The default policy with some fields replaced (undefined values keep the default). */
export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const defined = Object.entries(overrides).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_RETRY_POLICY, ...(Object.fromEntries(defined) as Partial<RetryPolicy>) };
}

/** The wait before retry number `retry` (0 for the first): the capped exponential step, its `jitter` share random. */
export function backoffDelay(retry: number, policy: RetryPolicy): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(Math.max(retry, 0), 30));
  const jitter = Math.min(Math.max(policy.jitter, 0), 1);
  return Math.round(step * (1 - jitter) + policy.random() * step * jitter);
}

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), capped; undefined when absent or unreadable. */
export function retryAfterDelay(header: string | null, policy: RetryPolicy, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(policy.maxRetryAfterMs, Math.max(0, ms));
}
