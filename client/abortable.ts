/** Resolves after `ms`, or rejects with the signal's reason as soon as it is aborted. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Raised through the signal of {@link deadline} when its time is up. */
export class DeadlineExceededError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Deadline of ${timeoutMs} ms exceeded`);
    this.name = 'DeadlineExceededError';
  }
}

/** A signal that aborts when `signal` does or when `timeoutMs` have passed; `release` clears its timer. */
export function deadline(signal: AbortSignal | undefined, timeoutMs: number | undefined): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs === undefined || !Number.isFinite(timeoutMs) ? undefined : setTimeout(() => controller.abort(new DeadlineExceededError(timeoutMs)), timeoutMs);
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}
