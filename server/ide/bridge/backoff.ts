/** Bounds of an exponential backoff. */
export interface BackoffBounds {
  /** Delay before the first retry, doubled for each later one. */
  baseMs: number;
  /** Longest delay, however many attempts failed. */
  maxMs: number;
}

/**
 * The delay before retry number `attempt` (from 1): `baseMs * 2^(attempt-1)` capped at `maxMs`, of which
 * the upper half is random ("equal jitter") so that many engines do not retry in step.
 */
export function backoffDelay(attempt: number, bounds: BackoffBounds, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const ceiling = Math.min(bounds.maxMs, bounds.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Whether an HTTP status may succeed when the same request is sent again (server errors, 408, 429). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** Waits `ms`, or less when `signal` aborts; never rejects and leaves no timer behind. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });
}
